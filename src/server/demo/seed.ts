// Loads the demo library (the reference data, stores, languages and categories, comes from
// migration 012): ~200 titles whose issues are real PDFs made by the
// generator and passed through the same render/store path as `npm run ingest`, stories,
// institutions in every access state, demo users and usage events. All in one transaction:
// an interrupted first start leaves an empty database and the next start begins again.
import type { Db, Queryable } from '../db/index';
import { storeRenderedIssue } from '../ingest/ingest';
import { refreshPopularity } from '../jobs/popularity';
import { planTitles, type TitlePlan } from './titles';
import { createRenderPool } from './render-pool';
import { seedInstitutions, seedUsers } from './institutions';
import { seedStories } from './stories';
import { seedUsage } from './usage';
import { rebuildCounterUsage } from '../repositories/counter-usage';
import type { MediaStorage } from '../media/storage';
import { PUBLISHED_CREDENTIALS, type DemoCredentials } from './credentials';

export interface SeedOptions {
  storage: MediaStorage;
  /** The demo readers' passwords and the access code (default: the published ones, for a
   * local-only start; demo/credentials.ts). */
  credentials?: DemoCredentials;
  titles?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

async function insertTitle(tx: Queryable, t: TitlePlan, rank: number): Promise<number> {
  const { rows } = await tx.query<{ mid: number }>(
    `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type, is_gold, is_free, is_featured,
       is_international, store_ids, blocked_countries, age_rating, description, curated_rank, print_issn, online_issn)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING mid`,
    [
      t.name,
      t.slug,
      t.publisher,
      t.catId,
      t.lang,
      t.frequency,
      t.type,
      t.isGold,
      t.isFree,
      t.isFeatured,
      t.isInternational,
      t.isInternational ? [1, 2, 3, 4] : [1],
      t.blockedCountries,
      t.ageRating,
      t.description,
      rank,
      t.printIssn,
      t.onlineIssn,
    ],
  );
  return rows[0].mid;
}

export async function seedDemo(db: Db, opts: SeedOptions): Promise<{ titles: number; issues: number; pages: number }> {
  const plans = planTitles(opts.titles ?? 200, opts.seed ?? 1);
  const jobs = plans.flatMap((t, ti) =>
    t.issues.map((issue, k) => ({
      ti,
      issue,
      spec: {
        titleName: t.name,
        issueName: issue.name,
        pubDate: issue.pubDate,
        hindi: t.lang === 'hi',
        hue: t.hue,
        pages: issue.pages,
        seed: (opts.seed ?? 1) * 100_000 + ti * 10 + k,
        kind: t.type,
      },
    })),
  );
  const pool = createRenderPool();
  try {
    // Renders run ahead on the worker threads; results are written in plan order so ids are stable.
    const renders = jobs.map((j) => pool.render(j.spec));
    renders.forEach((p) => p.catch(() => {})); // each is awaited below; avoid unhandled rejections meanwhile
    return await db.transaction(async (tx) => {
      const mids: number[] = [];
      for (const [rank, t] of plans.entries()) mids.push(await insertTitle(tx, t, rank));
      const issueIds: number[][] = plans.map(() => []);
      let pages = 0;
      for (const [n, job] of jobs.entries()) {
        const rendered = await renders[n];
        issueIds[job.ti].push(await storeRenderedIssue(tx, opts.storage, { mid: mids[job.ti], ...job.issue }, rendered));
        pages += rendered.pages.length;
        opts.onProgress?.(n + 1, jobs.length);
      }
      const credentials = opts.credentials ?? PUBLISHED_CREDENTIALS;
      const institutions = await seedInstitutions(tx, opts.storage, credentials.accessCode);
      await seedUsers(tx, institutions, opts.seed ?? 1, credentials.passwordFor);
      await seedStories(tx, opts.storage, plans, mids, issueIds, opts.seed ?? 1);
      await seedUsage(tx, mids, issueIds, institutions, opts.seed ?? 1);
      await rebuildCounterUsage(tx);
      await refreshPopularity(tx);
      return { titles: plans.length, issues: jobs.length, pages };
    });
  } finally {
    await pool.close();
  }
}
