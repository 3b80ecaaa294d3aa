// The console's branding section: the institution's display name and its logo at the
// three sizes of spec §3. Readers get both with their details (libraryDetails) at their next start.
import type { Db, Queryable } from '../db/index';
import { mediaUrl } from '../media/store';
import { recordAudit } from './console';
import { claimName } from './institutions';
import type { Refusal } from './refusal';
import type { ConsoleBranding } from '../../shared/schemas/console-access';

interface BrandingRow {
  name: string;
  logo1: string | null;
  logo2: string | null;
  logo3: string | null;
}
const asBranding = (r: BrandingRow): ConsoleBranding => ({
  name: r.name,
  logo1: mediaUrl(r.logo1),
  logo2: mediaUrl(r.logo2),
  logo3: mediaUrl(r.logo3),
});
const SELECT = 'SELECT name, logo1, logo2, logo3 FROM institutions WHERE id = $1';

export async function consoleBranding(db: Queryable, institutionId: number): Promise<ConsoleBranding> {
  return asBranding((await db.query<BrandingRow>(SELECT, [institutionId])).rows[0]);
}

/** Sets the name (unless another institution has it) or the three logo files (media names);
 * audited with the values before and after. */
export function changeBranding(
  db: Db,
  institutionId: number,
  change: { name: string } | { logos: [string, string, string] },
  actorId: number,
): Promise<ConsoleBranding | Refusal> {
  return db.transaction(async (tx) => {
    const taken = 'name' in change ? await claimName(tx, change.name, institutionId) : null;
    if (taken) return taken;
    const before = (await tx.query<BrandingRow>(`${SELECT} FOR UPDATE`, [institutionId])).rows[0];
    const logos = 'logos' in change ? change.logos : [null, null, null];
    const after = (
      await tx.query<BrandingRow>(
        `UPDATE institutions SET name = coalesce($2, name), logo1 = coalesce($3, logo1), logo2 = coalesce($4, logo2), logo3 = coalesce($5, logo3)
         WHERE id = $1 RETURNING name, logo1, logo2, logo3`,
        [institutionId, 'name' in change ? change.name : null, ...logos],
      )
    ).rows[0];
    const action = 'name' in change ? 'branding.name' : 'branding.logo';
    const pick = (r: BrandingRow) => ('name' in change ? { name: r.name } : { logo1: r.logo1, logo2: r.logo2, logo3: r.logo3 });
    await recordAudit(tx, { actorId, institutionId, action, before: pick(before), after: pick(after) });
    return asBranding(after);
  });
}
