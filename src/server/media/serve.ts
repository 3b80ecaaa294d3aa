// Streams a stored media file as an HTTP answer, the same way from the local directory and from
// S3: ETag and Last-Modified, 304 for a matching If-None-Match, one byte range (206, or 416).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../http-error';
import { type Area, type MediaStorage, contentType } from './storage';

export async function sendMedia(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  area: Area,
  name: string,
  cacheControl: string,
  what = 'Media file',
) {
  let opened: Awaited<ReturnType<MediaStorage['open']>>;
  try {
    opened = await storage.open(area, name, { range: req.headers.range, ifNoneMatch: req.headers['if-none-match'] });
  } catch (err) {
    // The bucket or the volume is unreachable: a short outage, not a bug (logged for the operator).
    req.log.warn({ err }, 'media storage unavailable');
    reply.header('Retry-After', '5');
    throw new HttpError(503, 'storage_unavailable', 'This file cannot be read just now. Try again in a moment.');
  }
  if (!opened) throw notFound(what);
  reply.header('Cache-Control', cacheControl).header('Accept-Ranges', 'bytes');
  if (opened.etag) reply.header('ETag', opened.etag);
  if (opened.lastModified) reply.header('Last-Modified', opened.lastModified.toUTCString());
  if (opened.status === 304) return reply.code(304).send();
  if (opened.status === 416) {
    if (opened.contentRange) reply.header('Content-Range', opened.contentRange);
    return reply.code(416).send({ error: { code: 'range_not_satisfiable', message: 'The range asked for is not in the file.' } });
  }
  if (opened.contentRange) reply.header('Content-Range', opened.contentRange);
  if (opened.length !== undefined) reply.header('Content-Length', opened.length);
  return reply.code(opened.status).type(contentType(name)).send(opened.body);
}
