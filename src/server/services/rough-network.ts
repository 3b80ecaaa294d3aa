// Roughly where a request came from, as a reader may see it for their own sessions: the network
// the limits count by, never the whole address (an IPv4 /24 shown as 203.0.113.x, an IPv6 /48).
// No location database is consulted.
import { clientNetwork } from './rate-limit';

export function roughNetwork(req: { ip: string | undefined }): string | null {
  if (!req.ip) return null;
  return clientNetwork(req).replace(/\.0\/24$/, '.x');
}
