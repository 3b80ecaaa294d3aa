// Spec §7 gencode: the sign-in code for another device, as the app shows it and the server reads
// it. No 0/O or 1/I, so it can be read aloud and typed from a phone's screen.
import { z } from 'zod';
import { line } from './schemas/fields';

export const DEVICE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const DEVICE_CODE_LENGTH = 8;
/** How long a code is good for, and how many unused ones a reader may hold at once. */
export const DEVICE_CODE_TTL_S = 10 * 60;
export const DEVICE_CODES_LIVE_MAX = 5;

/** 'abcd efgh', 'ABCD-EFGH' → 'ABCDEFGH'. */
export const normaliseDeviceCode = (typed: string) => typed.toUpperCase().replace(/[\s-]+/g, '');
/** 'ABCDEFGH' → 'ABCD-EFGH'. */
export const showDeviceCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export const DeviceCodeBody = z.object({
  code: line({ error: 'Type the code from your other device.' })
    .max(40)
    .transform(normaliseDeviceCode)
    .refine((c) => new RegExp(`^[${DEVICE_CODE_ALPHABET}]{${DEVICE_CODE_LENGTH}}$`).test(c), {
      message: `A code is ${DEVICE_CODE_LENGTH} letters and digits, like ABCD-EF23.`,
    }),
});
export const DeviceCodeReply = z.object({ code: z.string(), expiresIn: z.number() });
