// The usage a COUNTER bench reads: institutions, readers, titles and issues, then the usage events
// of the last year made in the database (generate_series) and counted by the project's own recount
// (rebuildCounterUsage), as the demo's history is. Shared by bench:console-reports and bench:counter.
import type { Db } from '../src/server/db/index';
import { rebuildCounterUsage } from '../src/server/repositories/counter-usage';
import { counterReport } from '../src/server/services/counter-reports';
import type { ReportId } from '../src/shared/counter/reports';

export const SEED = { institutions: 10, users: 5_000, titles: 1_000, issuesPerTitle: 12 };

/** Loads the catalogue and `events` usage events; returns how many were stored and the seconds
 * the load and the recount took. */
export async function seedUsage(db: Db, events: number): Promise<{ loaded: number; loadS: number; countS: number }> {
  const { institutions, users, titles, issuesPerTitle } = SEED;
  const t0 = performance.now();
  await db.exec(`
    INSERT INTO institutions (name, con_code, sub_start, sub_end)
      SELECT 'Institution ' || i, 'I' || i, now() - interval '2 years', now() + interval '1 year' FROM generate_series(1, ${institutions}) i;
    INSERT INTO users (uuid, email, institution_id)
      SELECT gen_random_uuid(), 'u' || i || '@bench.edu', 1 + i % ${institutions} FROM generate_series(1, ${users}) i;
    INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type)
      SELECT 'Title ' || i, 'title-' || i, 'Publisher ' || (i % 40), (SELECT min(cat_id) FROM categories WHERE NOT hidden), 'en', 'Monthly',
             (ARRAY['magazine', 'newspaper', 'journal'])[1 + i % 3]
      FROM generate_series(1, ${titles}) i;
    INSERT INTO issues (mid, name, pub_date, page_count)
      SELECT t.mid, 'Issue ' || k, (now() - make_interval(months => k))::date, 40 FROM titles t, generate_series(1, ${issuesPerTitle}) k;
  `);
  // A reader reads a few issues in a visit: events come in runs of one user, one issue, minutes apart.
  await db.query(
    `INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id, page_no, at)
     SELECT CASE WHEN r < 0.25 THEN 'issue_open' WHEN r < 0.97 THEN 'page_view' WHEN r < 0.99 THEN 'denied_no_license' ELSE 'denied_limit' END,
            u.id, u.institution_id, s.mid, s.issue_id, 1 + (g % 40), v.at
     FROM (SELECT g, random() AS r, 1 + (g / 7) % ${users} AS uid, 1 + ((g / 7)::bigint * 2654435761 % 4294967291) % (${titles * issuesPerTitle}) AS iid,
                  now() - interval '365 days' + (g::float8 / $1::int) * interval '364 days' AS at
           FROM generate_series(1, $1::int) g) v
     JOIN users u ON u.id = v.uid JOIN issues s ON s.issue_id = v.iid`,
    [events],
  );
  const loaded = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events')).rows[0].n;
  const loadS = (performance.now() - t0) / 1000;
  const c0 = performance.now();
  await rebuildCounterUsage(db);
  const countS = (performance.now() - c0) / 1000;
  // As a database that has been running would be: the bulk load's rows vacuumed (hint bits and
  // the visibility map set), not left for the first timed reports to do.
  await db.exec('VACUUM ANALYZE');
  return { loaded, loadS, countS };
}

/** A report of institution 1 timed `runs` times: its item count and the sorted times in ms. */
export async function timeReport(db: Db, id: ReportId, begin: string, end: string, runs: number): Promise<{ items: number; ms: number[] }> {
  const institution = { id: 1, name: 'Institution 1' };
  const ms: number[] = [];
  let items = 0;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const report = await counterReport(db, { id, institution, begin, end, siteUrl: 'https://lectern.example' });
    ms.push(performance.now() - s);
    items = report.Report_Items.length;
  }
  return { items, ms: ms.sort((a, b) => a - b) };
}
