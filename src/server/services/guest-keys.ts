// A guest account's credential. Spec §4 names only the device id (the uniqId cookie), which the
// app sends and may show, so it cannot be what signs a guest in. The server issues a random secret
// at the first guest login and keeps only its SHA-256 (users.guest_key_hash); the browser keeps the
// secret in an HttpOnly cookie sent only to /api/guest/…, so no script of the page can read it and
// no other call carries it.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_LIFETIME_DAYS } from '../../shared/constants';

export const GUEST_KEY_COOKIE = 'lectern-guest';
const GUEST_KEY_PATH = '/api/guest';
/** 32 random bytes, base64url. */
const KEY = /^[A-Za-z0-9_-]{43}$/;

export const newGuestKey = (): string => crypto.randomBytes(32).toString('base64url');
export const guestKeyHash = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');

/** The key the browser sent, or null when none (or not one the server could have made). */
export function guestKeyOf(req: FastifyRequest): string | null {
  const key = req.cookies[GUEST_KEY_COOKIE];
  return key && KEY.test(key) ? key : null;
}

/** Gives the browser the key to keep (or keeps it another year). */
export function keepGuestKey(req: FastifyRequest, reply: FastifyReply, key: string): void {
  reply.setCookie(GUEST_KEY_COOKIE, key, {
    path: GUEST_KEY_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge: COOKIE_LIFETIME_DAYS * 86400,
  });
}
