// A search result and its Discover view (spec §2): cover, magazine and issue names, the
// highlighted snippet of the selected page; page chips switch the snippet; 'More' (when fin > 3)
// fetches every matching page of the issue; 'Read More' opens the issue at that page.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { IssueTile } from '../../../shared/schemas/content';
import { useLocalePath } from '../../components/useLocalePath';
import { discoverQuery } from './queries';
import { useOpenIssue } from '../open-issue/useOpenIssue';
import { COVER_SIZES, coverSrcSet } from '../../../shared/covers';
import { FloatingIcon } from '../../components/IssueCard';
import { devanagariMark } from '../../../shared/devanagari-font';

const CHIPS = 3;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };

/** The server's snippet escapes the page text and marks hits with <mark>; render exactly that,
 * as text and <mark> elements, never as HTML. */
export function Snippet({ html }: { html: string }) {
  const parts = html.split(/(<mark>|<\/mark>)/);
  let marked = false;
  const out: React.ReactNode[] = [];
  parts.forEach((part, i) => {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part) {
      const text = part.replace(/&(amp|lt|gt);/g, (e) => ENTITIES[e]);
      out.push(marked ? <mark key={i}>{text}</mark> : text);
    }
  });
  return (
    <p className="discover__snippet" data-testid="snippet" {...devanagariMark(html)}>
      {out}
    </p>
  );
}

export function DiscoverTile({ tile, term }: { tile: IssueTile; term: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState(tile.pages[0]?.page ?? 1);
  const [all, setAll] = useState(false);
  const full = useQuery({ ...discoverQuery(term, tile.issueId), enabled: all });
  const pages = all && full.data ? full.data.tile.pages : tile.pages;
  const hit = pages.find((p) => p.page === selected) ?? pages[0];

  return (
    <article className="discover" data-testid="discover-tile">
      <Link to={to(tile.browserLinkUrl)} className="discover__cover">
        {tile.imageSrc && (
          <img
            src={tile.imageSrc}
            srcSet={coverSrcSet(tile.imageSrcSet)}
            sizes={COVER_SIZES.thumb}
            width={80}
            height={113}
            alt=""
            loading="lazy"
          />
        )}
        <FloatingIcon item={tile} />
      </Link>
      <div className="discover__text">
        <p className="discover__mag" {...devanagariMark(tile.magName)}>
          {tile.magName}
        </p>
        <p className="discover__issue" {...devanagariMark(tile.issueName)}>
          {tile.issueName}
        </p>
        {hit && <Snippet html={hit._highLight} />}
        {!open ? (
          <button type="button" className="link-button" onClick={() => setOpen(true)} data-testid="discover-more">
            {t('search.discoverMore')}
          </button>
        ) : (
          <DiscoverPages tile={tile} pages={pages} selected={hit?.page} onSelect={setSelected} all={all} onAll={() => setAll(true)} />
        )}
      </div>
    </article>
  );
}

/** The page chips of an issue's hits (three, then 'More' when fin > 3) and 'Read More', which
 * opens the issue at the selected page: Discover on a magazine result and on a story's issue. */
export function DiscoverPages(props: {
  tile: IssueTile;
  pages: IssueTile['pages'];
  selected: number | undefined;
  onSelect: (page: number) => void;
  all: boolean;
  onAll: () => void;
}) {
  const { t } = useTranslation();
  const { open: openIssue, dialog } = useOpenIssue();
  return (
    <div className="discover__pages">
      {props.pages.length > 0 && (
        <div className="discover__chips" role="group" aria-label={t('search.pages')}>
          {(props.all ? props.pages : props.pages.slice(0, CHIPS)).map((p) => (
            <button
              key={p.page}
              type="button"
              className="page-chip"
              aria-pressed={p.page === props.selected}
              onClick={() => props.onSelect(p.page)}
              data-testid="page-chip"
            >
              {t('search.page', { n: p.page })}
            </button>
          ))}
          {!props.all && props.tile.fin > CHIPS && (
            <button type="button" className="page-chip" onClick={props.onAll} data-testid="more-chip">
              {t('search.more')}
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        className="button button--small"
        onClick={() => void openIssue(props.tile.issueId, props.selected ?? 1)}
        data-testid="read-more"
      >
        {t('search.readMore')}
      </button>
      {dialog}
    </div>
  );
}
