// An institution's e-mail domains. A domain a librarian adds is a pending claim that lets nobody
// in; it counts once proven, by its DNS record (services/domain-proof.ts) or a Lectern admin's
// approval. Several institutions may claim one domain while it is pending, so a squatter cannot
// block its owner; the first to prove it holds it alone (a unique index on proven domains, and a
// lock per domain so the loser gets a clear answer). Every change is audited in its own transaction.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';
import { refuse, type Refusal } from './refusal';
import { DOMAINS_MAX, domainRecord, type DomainReview, type InstitutionDomain } from '../../shared/schemas/console-access';

/** The proven domain an address belongs to: its institution and from when it counts. */
export async function provenDomainOf(db: Queryable, email: string | null): Promise<{ institutionId: number; since: Date } | null> {
  const domain = email?.split('@')[1]?.toLowerCase();
  if (!domain) return null;
  const { rows } = await db.query<{ institution_id: number; proven_at: Date }>(
    'SELECT institution_id, proven_at FROM institution_domains WHERE domain = $1 AND proven_at IS NOT NULL',
    [domain],
  );
  return rows[0] ? { institutionId: rows[0].institution_id, since: new Date(rows[0].proven_at) } : null;
}

/** An institution's proven domains (for its sign-in through its own system). */
export async function provenDomains(db: Queryable, institutionId: number): Promise<string[]> {
  const { rows } = await db.query<{ domain: string }>(
    'SELECT domain FROM institution_domains WHERE institution_id = $1 AND proven_at IS NOT NULL ORDER BY domain',
    [institutionId],
  );
  return rows.map((r) => r.domain);
}

const STATE = `CASE WHEN d.proof = 'dns' THEN 'verified' WHEN d.proof = 'admin' THEN 'approved' WHEN d.proof = 'upgrade' THEN 'kept'
  WHEN EXISTS (SELECT 1 FROM institution_domains o WHERE o.domain = d.domain AND o.proven_at IS NOT NULL) THEN 'taken'
  ELSE 'pending' END`;
const COLUMNS = `d.institution_id, d.domain, d.token, ${STATE} AS state, d.added_at, d.proven_at, d.checked_at, d.check_result`;

interface Row {
  institution_id: number;
  domain: string;
  token: string;
  state: InstitutionDomain['state'];
  added_at: Date;
  proven_at: Date | null;
  checked_at: Date | null;
  check_result: InstitutionDomain['checkResult'];
}
const iso = (d: Date | null) => d && new Date(d).toISOString();
const asDomain = (r: Row): InstitutionDomain => ({
  domain: r.domain,
  state: r.state,
  addedAt: iso(r.added_at)!,
  provenAt: iso(r.proven_at),
  record: r.proven_at ? null : domainRecord(r.domain, r.token),
  checkedAt: iso(r.checked_at),
  checkResult: r.check_result,
});

/** The institution's domains with their state, in the order they were added. */
export async function institutionDomains(db: Queryable, institutionId: number): Promise<InstitutionDomain[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM institution_domains d WHERE d.institution_id = $1 ORDER BY d.added_at, d.domain`,
    [institutionId],
  );
  return rows.map(asDomain);
}

async function claimOf(tx: Queryable, institutionId: number, domain: string): Promise<Row | undefined> {
  return (
    await tx.query<Row>(`SELECT ${COLUMNS} FROM institution_domains d WHERE d.institution_id = $1 AND d.domain = $2`, [
      institutionId,
      domain,
    ])
  ).rows[0];
}

const held = (domain: string) =>
  refuse(
    409,
    'domain_held',
    `${domain} is already held by another institution. If its addresses belong to yours, write to Lectern support.`,
  );
const notYours = (domain: string) => refuse(404, 'not_your_domain', `${domain} is not one of your domains.`);

/** Adds a domain as a pending claim (it lets nobody in until proven). A domain another institution
 * has proven is refused; one only claimed elsewhere is not (the claim that is proven first wins). */
export function addDomain(db: Db, institutionId: number, domain: string, actorId: number): Promise<InstitutionDomain[] | Refusal> {
  return db.transaction(async (tx) => {
    // One change to an institution's domains at a time, so two adds cannot pass the limit together.
    await tx.query('SELECT id FROM institutions WHERE id = $1 FOR UPDATE', [institutionId]);
    const before = await institutionDomains(tx, institutionId);
    if (before.some((d) => d.domain === domain)) return before;
    const proven = await tx.query('SELECT 1 FROM institution_domains WHERE domain = $1 AND proven_at IS NOT NULL', [domain]);
    if (proven.rows.length) return held(domain);
    if (before.length >= DOMAINS_MAX)
      return refuse(400, 'too_many_domains', `An institution can hold at most ${DOMAINS_MAX} domains. Remove one first.`);
    await tx.query('INSERT INTO institution_domains (institution_id, domain, token) VALUES ($1, $2, $3)', [
      institutionId,
      domain,
      crypto.randomBytes(16).toString('hex'),
    ]);
    const after = await institutionDomains(tx, institutionId);
    const names = (list: InstitutionDomain[]) => list.map((d) => d.domain);
    await recordAudit(tx, { actorId, institutionId, action: 'domain.add', target: domain, before: names(before), after: names(after) });
    return after;
  });
}

/** Removes a domain, proven or not: nobody new joins by it; members who joined stay members. */
export function removeDomain(db: Db, institutionId: number, domain: string, actorId: number): Promise<InstitutionDomain[] | Refusal> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM institutions WHERE id = $1 FOR UPDATE', [institutionId]);
    const before = await institutionDomains(tx, institutionId);
    if (!before.some((d) => d.domain === domain)) return notYours(domain);
    await tx.query('DELETE FROM institution_domains WHERE institution_id = $1 AND domain = $2', [institutionId, domain]);
    const after = await institutionDomains(tx, institutionId);
    const names = (list: InstitutionDomain[]) => list.map((d) => d.domain);
    await recordAudit(tx, { actorId, institutionId, action: 'domain.remove', target: domain, before: names(before), after: names(after) });
    return after;
  });
}

/** The pending claim to check by DNS: its record's token, or why it cannot be checked. */
export async function claimToCheck(
  db: Queryable,
  institutionId: number,
  domain: string,
): Promise<{ token: string; proven: boolean } | Refusal> {
  const claim = await claimOf(db, institutionId, domain);
  if (!claim) return notYours(domain);
  if (claim.state === 'taken') return held(domain);
  return { token: claim.token, proven: claim.proven_at !== null };
}

/** Notes a DNS check that did not find the record. */
export async function noteDomainCheck(db: Queryable, institutionId: number, domain: string, result: 'absent' | 'failed'): Promise<void> {
  await db.query('UPDATE institution_domains SET checked_at = now(), check_result = $3 WHERE institution_id = $1 AND domain = $2', [
    institutionId,
    domain,
    result,
  ]);
}

/** Proves a pending claim, by its DNS record (`dns`, the actor who pressed Check) or an admin's
 * approval (`admin`): from now on the domain counts for this institution alone. Refused when
 * another institution proved it first (also at the same moment: the lock per domain lets one in). */
export function proveDomain(
  db: Db,
  institutionId: number,
  domain: string,
  proof: 'dns' | 'admin',
  actorId: number,
): Promise<InstitutionDomain[] | Refusal> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('institution_domains:' || $1))`, [domain]);
    const claim = await claimOf(tx, institutionId, domain);
    if (!claim) return notYours(domain);
    if (claim.state === 'taken') return held(domain);
    if (claim.proven_at) return institutionDomains(tx, institutionId);
    await tx.query(
      `UPDATE institution_domains SET proof = $3, proven_at = now(),
         checked_at = CASE WHEN $3 = 'dns' THEN now() ELSE checked_at END, check_result = CASE WHEN $3 = 'dns' THEN 'found' ELSE check_result END
       WHERE institution_id = $1 AND domain = $2`,
      [institutionId, domain, proof],
    );
    const state = proof === 'dns' ? 'verified' : 'approved';
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: proof === 'dns' ? 'domain.verify' : 'domain.approve',
      target: domain,
      before: { state: 'pending' },
      after: { state },
    });
    return institutionDomains(tx, institutionId);
  });
}

/** An admin refuses a claim waiting for approval, or takes back a domain kept at the upgrade. */
export function refuseDomain(db: Db, institutionId: number, domain: string, actorId: number): Promise<InstitutionDomain[] | Refusal> {
  return db.transaction(async (tx) => {
    const claim = await claimOf(tx, institutionId, domain);
    if (!claim || !['pending', 'taken', 'kept'].includes(claim.state))
      return refuse(404, 'not_waiting', `${domain} is not waiting for a decision at this institution.`);
    await tx.query('DELETE FROM institution_domains WHERE institution_id = $1 AND domain = $2', [institutionId, domain]);
    await recordAudit(tx, { actorId, institutionId, action: 'domain.refuse', target: domain, before: { state: claim.state }, after: null });
    return institutionDomains(tx, institutionId);
  });
}

/** For admins: the claims not proven yet and the domains kept at the upgrade, oldest first. */
export async function domainsToReview(db: Queryable): Promise<DomainReview['domains']> {
  const { rows } = await db.query<Row & { institution: string }>(
    `SELECT ${COLUMNS}, i.name AS institution FROM institution_domains d JOIN institutions i ON i.id = d.institution_id
     WHERE d.proven_at IS NULL OR d.proof = 'upgrade' ORDER BY d.added_at, d.domain, d.institution_id LIMIT 1000`,
  );
  return rows.map((r) => ({ ...asDomain(r), institutionId: r.institution_id, institution: r.institution }));
}
