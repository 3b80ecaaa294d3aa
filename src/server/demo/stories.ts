// Demo stories in section sec_60: cover stories, latest and topical pieces taken from the
// newest issues, news items with recent times, and Hindi stories from Hindi titles.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Queryable } from '../db/index';
import type { MediaStorage } from '../media/storage';
import { STORIES_SECTION } from '../../shared/constants';
import { EN_WORDS, HEADLINES_EN, HEADLINES_HI, HI_WORDS } from './catalogue-data';
import { rng, slugify, type Rng } from './random';
import type { TitlePlan } from './titles';

const CATEGORIES = ['Cover-Stories', 'Latest', 'Business', 'Technology', 'Travel', 'Health'];

function paragraph(r: Rng, hindi: boolean): string {
  const words = hindi ? HI_WORDS : EN_WORDS;
  return Array.from({ length: r.int(3, 6) }, () => {
    const s = Array.from({ length: r.int(8, 18) }, () => r.pick(words)).join(' ');
    return hindi ? `${s}।` : `${s[0].toUpperCase()}${s.slice(1)}.`;
  }).join(' ');
}

/** Some story covers are JPEG and some WebP: the tiles show a cover only for .jpg paths (spec §2). */
async function jpegCover(storage: MediaStorage, webpName: string): Promise<string> {
  const webp = await storage.read('public', webpName);
  if (!webp) throw new Error(`the cover ${webpName} is not in the media storage`);
  const img = await loadImage(webp);
  const c = createCanvas(img.width, img.height);
  c.getContext('2d').drawImage(img, 0, 0);
  return storage.save('public', await c.encode('jpeg', 82), 'jpg');
}

export async function seedStories(
  tx: Queryable,
  storage: MediaStorage,
  plans: TitlePlan[],
  mids: number[],
  issueIds: number[][],
  seed: number,
) {
  const r = rng(seed + 3);
  const now = Date.now();
  const sources = plans.map((p, i) => ({ p, mid: mids[i], issueId: issueIds[i][0] })).slice(0, Math.min(plans.length, 60));
  for (const [n, s] of sources.entries()) {
    const hindi = s.p.lang === 'hi';
    const isNews = s.p.type === 'newspaper';
    const { rows } = await tx.query<{ cover_2x: string }>('SELECT cover_2x FROM issues WHERE issue_id = $1', [s.issueId]);
    const cover = n % 3 === 2 ? rows[0].cover_2x : await jpegCover(storage, rows[0].cover_2x);
    const title = `${r.pick(hindi ? HEADLINES_HI : HEADLINES_EN)}${hindi ? '' : `: ${s.p.name}`}`;
    const body = Array.from({ length: r.int(3, 12) }, () => paragraph(r, hindi)).join('\n\n');
    const words = body.split(/\s+/).length;
    const publishedAt = isNews
      ? new Date(now - r.int(2, 60 * 72) * 60_000) // minutes to days ago: exercises every relative label
      : new Date(Date.UTC(2026, 10, 15) - n * 3_600_000 * 7);
    await tx.query(
      `INSERT INTO stories (canonical_url, title, subtitle, short_desc, body, read_time_s, is_news, section, category,
         cover, mid, issue_id, lang_code, age_rating, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        `${slugify(title)}-${n + 1}`,
        title,
        s.p.name,
        paragraph(r, hindi).slice(0, 180),
        body,
        Math.max(30, Math.round((words / 200) * 60)),
        isNews,
        STORIES_SECTION,
        n < 24 ? 'Cover-Stories' : CATEGORIES[n % CATEGORIES.length],
        cover,
        s.mid,
        s.issueId,
        s.p.lang,
        s.p.ageRating,
        publishedAt,
      ],
    );
  }
}
