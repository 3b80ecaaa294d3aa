// Proof that an institution owns an e-mail domain: the TXT record `_lectern.<domain>` holding
// `lectern-verify=<token>` (a token of its own per institution and domain), looked up through
// node:dns. The resolvers are the system's unless DNS_SERVERS names others. A lookup waits a few
// seconds at most; the route limits how often one may be asked for.
import { promises as dns } from 'node:dns';
import { domainRecord } from '../../shared/schemas/console-access';

export type DomainCheck = 'found' | 'absent' | 'failed';

/** Codes with which a resolver says there is no such record (or name): the record is absent. */
const ABSENT = new Set<string>([dns.NODATA, dns.NOTFOUND]);

export function createDomainProof(servers: string[] = []) {
  const resolver = new dns.Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return {
    /** Whether the domain's TXT record carries the token. */
    async check(domain: string, token: string): Promise<DomainCheck> {
      const { name, value } = domainRecord(domain, token);
      try {
        // A TXT record may come in several strings of up to 255 characters: they make one value.
        const records = (await resolver.resolveTxt(name)).map((parts) => parts.join('').trim());
        return records.includes(value) ? 'found' : 'absent';
      } catch (err) {
        return ABSENT.has((err as { code?: string }).code ?? '') ? 'absent' : 'failed';
      }
    },
  };
}
export type DomainProof = ReturnType<typeof createDomainProof>;

/** DNS_SERVERS: a comma list of resolver addresses (`1.1.1.1`, `[2606:4700::1111]:53`,
 * `127.0.0.1:5353`); unset or empty: the system's. A wrong one stops the start. */
export function parseDnsServers(value: string | undefined): string[] {
  const servers = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    if (servers.length) new dns.Resolver().setServers(servers);
  } catch {
    throw new Error(`DNS_SERVERS must be a comma list of IP addresses with optional ports, not "${value}"`);
  }
  return servers;
}
