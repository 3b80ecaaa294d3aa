// Demo reading history, so "Most Popular" has something real to rank by and the library console
// something to count (a read on page 1 is an issue opened, the others page views).
import type { Queryable } from '../db/index';
import { rng } from './random';
import type { DemoInstitution } from './institutions';

export async function seedUsage(tx: Queryable, mids: number[], issueIds: number[][], institutions: DemoInstitution[], seed: number) {
  const r = rng(seed + 11);
  const ev = { mid: [] as number[], issue: [] as number[], page: [] as number[], inst: [] as number[], ago: [] as number[] };
  for (const [i, mid] of mids.entries()) {
    // A long tail: a few titles are read a lot, most a little, some not at all.
    const reads = r.chance(0.3) ? 0 : Math.round(60 / (1 + r.int(0, 30)) + r.int(0, 4));
    for (let k = 0; k < reads; k++) {
      ev.mid.push(mid);
      ev.issue.push(issueIds[i][0]);
      ev.page.push(r.int(1, 4));
      ev.inst.push(institutions[r.int(0, institutions.length - 1)].id);
      ev.ago.push(r.int(0, 20 * 24 * 60)); // minutes ago, within the popularity window
    }
  }
  await tx.query(
    `INSERT INTO usage_events (kind, mid, issue_id, page_no, institution_id, source, at)
     SELECT CASE WHEN p = 1 THEN 'issue_open' ELSE 'page_view' END, m, i, p, inst, 'web', now() - make_interval(mins => a)
     FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[]) AS t(m, i, p, inst, a)`,
    [ev.mid, ev.issue, ev.page, ev.inst, ev.ago],
  );
}
