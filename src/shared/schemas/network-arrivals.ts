// Arrival told by the venue's network: the webhook a Wi-Fi controller or captive portal sends, a
// zone's RADIUS clients as the console writes and lists them, and the Wi-Fi identities a member
// links in My Account.
import { z } from 'zod';
import { int, line, raw } from './fields';
import { ZoneParams } from './console-inbox';

/** A network user name: an e-mail address, an eduroam inner identity, whatever the venue reports. */
const identity = z
  .string()
  .trim()
  .min(3, 'A Wi-Fi identity has at least 3 characters.')
  .max(253, 'A Wi-Fi identity has at most 253 characters.')
  .regex(/^[^\s\p{Cc}]+$/u, 'A Wi-Fi identity has no spaces or control characters.')
  .transform((v) => v.toLowerCase());

export const ArrivalParams = z.object({ id: int(1, undefined, 'expected a zone id') });
export const ArrivalBody = z.object({ user: line().min(1).max(253), event: z.enum(['start', 'stop']) }).strict();
/** The same answer for a member, a stranger and a stop: recorded, never who is a member. */
export const ArrivalReply = z.object({ status: z.literal(1), recorded: z.literal(true) });

export const RADIUS_MATCH_BY = ['nas_identifier', 'called_station', 'nas_ip'] as const;
export const RadiusClientBody = z
  .object({
    matchBy: z.enum(RADIUS_MATCH_BY),
    matchValue: line().min(1).max(253),
    /** Given by the venue; omitted: the server makes one and shows it once. */
    secret: raw().min(16, 'A shared secret has at least 16 characters.').max(128).optional(),
  })
  .strict();
export const RadiusClient = z.object({ id: z.number().int(), matchBy: z.enum(RADIUS_MATCH_BY), matchValue: z.string() });
export const NetworkArrivals = z.object({ clients: z.array(RadiusClient), webhook: z.boolean() });
export type NetworkArrivals = z.infer<typeof NetworkArrivals>;
/** A secret, shown this once. */
export const SecretReply = z.object({ secret: z.string() });
export const RadiusClientParams = ZoneParams.extend({ clientId: int(1) });

export const IdentityBody = z.object({ identity }).strict();
export const Identities = z.object({
  identities: z.array(z.object({ identity: z.string(), createdAt: z.string() })),
  max: z.number().int(),
});
export type Identities = z.infer<typeof Identities>;
