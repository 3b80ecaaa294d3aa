// The tiles of spec §2: magazine card, category tile, language chip, story tile, and their
// skeletons (same size, so nothing jumps when data arrives). The issue card is in IssueCard.tsx,
// out of home's first load.
import { memo } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../lib/texts';
import type { Category, Language, MagazineCard, StoryTile } from '../../shared/schemas/content';
import { newsAgeLabel, readTimeLabel, showsStoryCover } from '../../shared/labels';
import { useLocalePath } from './useLocalePath';
import * as is from '../../shared/stored-shape';
import { STORAGE, readJson } from '../../shared/storage-names';
import { COVER_SIZES, coverSrcSet } from '../../shared/covers';

/** Where a cover is laid out (its `sizes`). */
export type CoverPlace = keyof typeof COVER_SIZES;

/** A cover at the width its place lays it out, sharp at any screen density. */
export function CoverImage(props: { src: string; srcSet: string | null; place: CoverPlace; alt: string; eager?: boolean }) {
  return (
    <img
      src={props.src}
      srcSet={coverSrcSet(props.srcSet)}
      sizes={COVER_SIZES[props.place]}
      width={150}
      height={212}
      alt={props.alt}
      loading={props.eager ? 'eager' : 'lazy'}
      // The first covers are the page's largest paint: fetched before anything else waiting.
      fetchPriority={props.eager ? 'high' : undefined}
      decoding="async"
    />
  );
}

/** The reader's favourites as the favourites store mirrors them (spec §3 key), read without IndexedDB. */
const FavouriteMids = is.array(is.number);
let favouritesRaw: string | null = null;
let favouriteMids = new Set<number>();
function isFavourite(mid: number): boolean {
  // (none on the server, which draws a visitor's first screen: entry-server.tsx)
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE.favourites);
  if (raw !== favouritesRaw) {
    favouritesRaw = raw;
    favouriteMids = new Set(readJson(localStorage, STORAGE.favourites, FavouriteMids));
  }
  return favouriteMids.has(mid);
}

// The tiles are memoised: a screen's answer arriving again unchanged (the saved cache restored, a
// refetch) re-renders the screen but none of its dozens of tiles, which on a slow phone was a
// 90 ms task after the first paint. Their props are the answer's own objects, kept when equal.
export const MagazineTile = memo(function MagazineTile({
  m,
  eager,
  place = 'shelf',
}: {
  m: MagazineCard;
  eager?: boolean;
  place?: CoverPlace;
}) {
  const { t } = useTexts();
  const to = useLocalePath();
  return (
    <Link to={to(m.browserLinkUrl)} className="cover-card" data-testid="magazine-card">
      <span className="cover-card__frame">
        {m.imageSrc ? (
          <CoverImage src={m.imageSrc} srcSet={m.imageSrcSet} place={place} alt={t('card.cover', { name: m.name })} eager={eager} />
        ) : (
          <span className="cover-card__placeholder" lang={m.lang}>
            {m.name}
          </span>
        )}
        {m.isGold && <span className="badge badge--gold">{t('card.gold')}</span>}
        {isFavourite(m.mid) && (
          <span className="badge badge--fav" data-testid="tile-favourite">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="currentColor">
              <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 5.2 3 1.8-1.9 3.2-3 5.2-3 3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z" />
            </svg>
            <span className="visually-hidden">{t('favourites.inList')}</span>
          </span>
        )}
      </span>
      {/* The title's own words in its language (the badges are in the reader's). */}
      <span className="cover-card__name" lang={m.lang}>
        {m.name}
      </span>
      {m.issueName && (
        <span className="cover-card__issue" lang={m.lang}>
          {m.issueName}
        </span>
      )}
    </Link>
  );
});

export const CategoryTile = memo(function CategoryTile({ c }: { c: Category }) {
  const { lang } = useTexts();
  const to = useLocalePath();
  const name = lang === 'hi' && c.nameHi ? c.nameHi : c.name;
  return (
    <Link to={to(c.browserLinkUrl)} className="category-tile" data-testid="category-tile">
      {c.imgPath && <img src={c.imgPath} alt="" width={300} height={425} loading="lazy" decoding="async" />}
      <span className="category-tile__name">{name}</span>
    </Link>
  );
});

export const LanguageChip = memo(function LanguageChip({ l }: { l: Language }) {
  const to = useLocalePath();
  return (
    <Link to={to(l.browserLinkUrl)} className="language-chip" lang={l.lang_code} data-testid="language-chip">
      <span>{l.nativeName}</span>
      {l.nativeName !== l._lang && <small>{l._lang}</small>}
    </Link>
  );
});

export const StoryCard = memo(function StoryCard({ s }: { s: StoryTile }) {
  const { t } = useTexts();
  const to = useLocalePath();
  const label = s.isNews ? newsAgeLabel(s.publishedAt) : readTimeLabel(s.readTime);
  return (
    <Link to={to(s.browserLinkUrl)} className="story-card" data-testid="story-card">
      {showsStoryCover(s.imgPath) && <img src={s.imgPath!} alt="" width={300} height={425} loading="lazy" decoding="async" />}
      <span className="story-card__body">
        {s.subTitle && (
          <span className="story-card__kicker" lang={s.lang}>
            {s.subTitle}
          </span>
        )}
        <span className="story-card__title" lang={s.lang}>
          {s.title}
        </span>
        <span className="story-card__desc" lang={s.lang}>
          {s.shortDesc}
        </span>
        <span className="story-card__meta">{t(label.key, { count: label.count })}</span>
      </span>
    </Link>
  );
});

export function ShelfSkeleton({ variant = 'covers' }: { variant?: 'covers' | 'chips' }) {
  return (
    <section className={`shelf shelf--${variant}`} aria-hidden="true" data-testid="skeleton">
      <div className="shelf__head">
        <span className="skeleton skeleton--title" />
      </div>
      <div className="shelf__track">
        {Array.from({ length: 8 }, (_, i) => (
          <span key={i} className={variant === 'chips' ? 'skeleton skeleton--chip' : 'skeleton skeleton--cover'} />
        ))}
      </div>
    </section>
  );
}
