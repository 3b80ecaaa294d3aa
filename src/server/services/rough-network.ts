// Roughly where a request came from, as a reader may see it for their own sessions: the network,
// never the whole address (an IPv4 /24, an IPv6 /48). No location database is consulted.
import { clientIp } from './rate-limit';

export function roughNetwork(req: { ip: string | undefined }): string | null {
  const ip = clientIp(req);
  if (ip === 'gone') return null;
  if (!ip.includes(':')) return `${ip.split('.').slice(0, 3).join('.')}.x`;
  return `${ip.split(':').slice(0, 3).join(':')}::/48`;
}
