// /shelf, My Shelf: what the reader is reading (with the page), the issues kept on this device,
// and their favourite titles, each with a way to the full list.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MagazineTile } from '../../components/Tiles';
import { useLocalePath } from '../../components/useLocalePath';
import { useOpenIssue } from '../open-issue/useOpenIssue';
import { useDownloads } from '../../downloads/store';
import { favouritesQuery, favouritesSyncQuery } from '../favourites/queries';
import { ContinueTile } from './ContinueTile';
import { continueQuery } from './queries';
import { BROWSE_PATH, DOWNLOADS_PATH } from './paths';
import '../listing/listing.css';
import './shelf.css';
import { appPaths } from '../../../shared/app-paths';
import { devanagariMark } from '../../../shared/devanagari-font';

interface PartProps {
  id: string;
  title: string;
  more?: { to: string; label: string };
  empty: string | null;
  /** A way on from the empty part. */
  emptyAction?: { to: string; label: string };
  children: ReactNode;
}

function Part(props: PartProps) {
  return (
    <section className="my-shelf__part" aria-labelledby={`${props.id}-title`} data-testid={`shelf-${props.id}`}>
      <div className="my-shelf__head">
        <h2 id={`${props.id}-title`} className="shelf__title">
          {props.title}
        </h2>
        {props.more && (
          <Link className="shelf__all" to={props.more.to}>
            {props.more.label}
          </Link>
        )}
      </div>
      {props.empty ? (
        <p className="my-shelf__empty">
          {props.empty}
          {props.emptyAction && (
            <>
              {' '}
              <Link className="my-shelf__browse" to={props.emptyAction.to} data-testid={`shelf-${props.id}-browse`}>
                {props.emptyAction.label}
              </Link>
            </>
          )}
        </p>
      ) : (
        <div className="listing-grid">{props.children}</div>
      )}
    </section>
  );
}

export default function ShelfPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { open, dialog } = useOpenIssue();
  const reading = useQuery(continueQuery());
  const downloads = useDownloads();
  const favourites = useQuery(favouritesQuery());
  // The server's favourites merge into the device's list (it follows by itself).
  useQuery(favouritesSyncQuery(useQueryClient()));
  const items = reading.data ?? [];
  const kept = downloads.records.filter((d) => d.status === 'done');
  const favs = favourites.data?.cards ?? [];
  // The three parts arrive at different moments; drawn one by one, each pushed the next down (a
  // layout shift). They show together once each has answered (or waits for the network), over a
  // skeleton that fills the screen meanwhile, so what is in view does not move.
  const settled = (q: { isPending: boolean; fetchStatus: string }) => !q.isPending || q.fetchStatus !== 'fetching';
  if (!(settled(reading) && downloads.ready && settled(favourites)))
    return (
      <div className="my-shelf my-shelf--pending" aria-busy="true">
        <h1 className="my-shelf__title">{t('nav.shelf')}</h1>
        <div className="my-shelf__part" aria-hidden="true" data-testid="skeleton">
          <span className="skeleton skeleton--title" />
          <div className="route-skeleton__grid">
            {Array.from({ length: 6 }, (_, i) => (
              <span key={i} className="skeleton skeleton--cover" />
            ))}
          </div>
        </div>
      </div>
    );
  return (
    <div className="my-shelf">
      <h1 className="my-shelf__title">{t('nav.shelf')}</h1>
      <Part
        id="continue"
        title={t('myShelf.continue')}
        empty={reading.isFetched && items.length === 0 ? t('myShelf.noProgress') : null}
        emptyAction={{ to: to(BROWSE_PATH), label: t('myShelf.browse') }}
      >
        {items.map((item) => (
          <ContinueTile key={item.issueId} item={item} onOpen={(id, page) => void open(id, page)} place="grid" />
        ))}
      </Part>
      <Part
        id="downloads"
        title={t('account.links.downloads')}
        more={{ to: to(DOWNLOADS_PATH), label: t('myShelf.manage') }}
        empty={downloads.ready && kept.length === 0 ? t('myShelf.noDownloads') : null}
      >
        {kept.map((d) => (
          <button key={d.issueId} type="button" className="cover-card" onClick={() => void open(d.issueId)} data-testid="shelf-download">
            <span className="cover-card__frame">
              {d.cover ? <img src={d.cover} alt="" width={150} height={212} loading="lazy" /> : null}
            </span>
            <span className="cover-card__name" {...devanagariMark(d.titleName)}>
              {d.titleName}
            </span>
            <span className="cover-card__issue" {...devanagariMark(d.issueName)}>
              {d.issueName}
            </span>
          </button>
        ))}
      </Part>
      <Part
        id="favourites"
        title={t('account.links.myFavorites')}
        more={{ to: to(appPaths.myFavorites), label: t('myShelf.seeAll') }}
        empty={favourites.isFetched && favs.length === 0 ? t('favourites.empty') : null}
      >
        {favs.map((m) => (
          <MagazineTile key={m.mid} m={m} place="grid" />
        ))}
      </Part>
      {dialog}
    </div>
  );
}
