// /magazine/{mid}-{Name-Slug} and /magazine/{mid}-{Name-Slug}/{issueId}: a title (magazine, newspaper or journal) with
// its chosen or latest issue, description and details, special and recent issues, other
// editions, related titles, and the date-range issue filter. A title blocked in the reader's
// country says so and shows nothing else. An address without the name (or with an old one) is
// replaced by the title's own, keeping the issue, the query and the hash.
import { useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import type { Issue, MagazineCard, MagazineMeta } from '../../../shared/schemas/content';
import { formatDate } from '../../lib/locale';
import { LanguageName } from '../../components/LanguageName';
import { Scroller } from '../../components/Scroller';
import { CoverImage, MagazineTile } from '../../components/Tiles';
import { IssueCard } from '../../components/IssueCard';
import { namedByDate } from '../../../shared/labels';
import { useLocalePath } from '../../components/useLocalePath';
import { NoData } from '../../components/NoData';
import NotFound from '../../components/NotFound';
import { midOf, titlePath, titleSegment } from '../../../shared/title-paths';
import { issueQuery, issuesQuery, metaQuery, relatedQuery, storeCountryQuery } from './queries';
import { IssueRangeFilter } from './IssueRangeFilter';
import { useViewEvent } from '../usage/useViewEvent';
import { FavouriteButton } from '../favourites/FavouriteButton';
import { useOpenIssue } from '../open-issue/useOpenIssue';
import { ReadNowButton } from '../reader/ReadNowButton';
import { DownloadButton } from '../downloads/DownloadButton';
import '../listing/listing.css';
import './title.css';
import { appPaths } from '../../../shared/app-paths';

/** The title as a card (what the favourites list shows). */
const cardOf = (m: MagazineMeta, issue: Issue | null): MagazineCard => ({
  mid: m.mid,
  name: m.name,
  key: m.key,
  type: m.type,
  catId: m.catId,
  lang: m.lang,
  isGold: m.isGold,
  issueId: issue?.issueId ?? null,
  issueName: issue?.issueName ?? null,
  pubDate: issue?.pubDate ?? null,
  imgPath: issue?.imgPath ?? null,
  imageSrc: issue?.imageSrc ?? null,
  imageSrcSet: issue?.imageSrcSet ?? null,
  browserLinkUrl: titlePath(m.mid, m.name),
});

export default function TitlePage() {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const params = useParams();
  const location = useLocation();
  const mid = midOf(params.mid) ?? 0;
  const issueId = params.issueId ? Number(params.issueId) : null;
  const valid = mid > 0 && (issueId === null || (Number.isInteger(issueId) && issueId > 0));
  const meta = useQuery({ ...metaQuery(mid), enabled: valid });
  const chosen = useQuery({ ...issueQuery(issueId ?? 0), enabled: valid && issueId !== null });
  const country = useQuery(storeCountryQuery());
  const recent = useQuery({ ...issuesQuery(mid, false), enabled: valid });
  const special = useQuery({ ...issuesQuery(mid, true), enabled: valid });
  const [relatedPage, setRelatedPage] = useState(0);
  const { open: openIssue, opening, dialog } = useOpenIssue({ isNews: meta.data?.type === 'newspaper' });
  const related = useQuery({ ...relatedQuery(mid, relatedPage), enabled: valid, placeholderData: (prev) => prev });
  useViewEvent(meta.data ? { kind: 'title_view', mid: meta.data.mid, issueId: issueId ?? undefined } : null);

  const missing = (e: unknown) => e instanceof ApiError && e.status === 404;
  if (!valid || missing(meta.error) || missing(chosen.error) || (chosen.data && chosen.data.issue.magId !== mid)) return <NotFound />;
  const m = meta.data;
  if (!m && (meta.isError || meta.fetchStatus === 'paused'))
    return (
      <div className="title-page">
        <NoData query={meta} />
      </div>
    );
  // The issue shelves come above the rest of the page: the page waits for their answers (asked at
  // the same time as the title's), so that nothing below moves down as they arrive.
  const arriving = (q: { isPending: boolean; fetchStatus: string }) => q.isPending && q.fetchStatus === 'fetching';
  if (!m || arriving(recent) || arriving(special))
    return (
      <div className="title-page">
        <div className="title-hero">
          <span className="skeleton skeleton--cover" aria-hidden="true" />
          <span className="skeleton skeleton--title" aria-hidden="true" />
        </div>
      </div>
    );

  if (country.data && m.blockedCountries.includes(country.data)) {
    return (
      <div className="title-page">
        <h1 className="title-hero__name" lang={m.lang}>
          {m.name}
        </h1>
        <p className="notice notice--error" role="alert" data-testid="blocked">
          {t('title.blocked')}
        </p>
      </div>
    );
  }

  // A bare or outdated address (/magazine/<mid>) moves to the title's own, with the page drawn at
  // once: drawn only after the move, a slow phone rendered the whole screen twice before showing it.
  const segment = titleSegment(m.mid, m.name);
  const path = appPaths.title(m.mid, m.name);
  const own =
    params.mid === segment ? null : `${issueId ? appPaths.issue(m.mid, m.name, issueId) : path}${location.search}${location.hash}`;
  const issue = chosen.data?.issue ?? m.latestIssue;
  const hi = i18n.language === 'hi';
  const specials = special.data?.edt_details ?? [];
  const recents = (recent.data?.edt_details ?? []).filter((i) => !i.isSpecial);
  return (
    <div className="title-page">
      {own && <Navigate replace to={to(own)} />}
      <section className="title-hero" aria-labelledby="title-name">
        <div className="title-hero__cover">
          {issue?.imageSrc ? (
            <CoverImage
              src={issue.imageSrc}
              srcSet={issue.imageSrcSet}
              place="title"
              alt={t('card.cover', { name: `${m.name} ${issue.issueName}` })}
              eager
            />
          ) : (
            <span className="cover-card__placeholder" lang={m.lang}>
              {m.name}
            </span>
          )}
        </div>
        <div className="title-hero__text">
          <p className="title-hero__kind">
            {t(`title.kind.${m.type}`)}
            {m.isGold && <span className="badge badge--inline">{t('card.gold')}</span>}
          </p>
          {/* The title's own words in its language; the rest in the reader's. */}
          <h1 id="title-name" className="title-hero__name" lang={m.lang}>
            {m.name}
          </h1>
          {issue && (
            <p className="title-hero__issue" data-testid="current-issue">
              <span lang={m.lang}>{issue.issueName}</span>
              {!namedByDate(issue) && ` · ${formatDate(issue.pubDate, i18n.language)}`}
            </p>
          )}
          {m.description && (
            <p className="title-hero__description" lang={m.lang}>
              {m.description}
            </p>
          )}
          <div className="title-hero__actions">
            {issue && (
              <ReadNowButton
                issueId={issue.issueId}
                opening={opening === issue.issueId}
                onOpen={(page) => void openIssue(issue.issueId, page)}
              />
            )}
            {issue && <DownloadButton issueId={issue.issueId} />}
            <FavouriteButton card={cardOf(m, issue)} />
          </div>
          <dl className="title-details">
            <div>
              <dt>{t('title.publisher')}</dt>
              <dd>{m.publisher}</dd>
            </div>
            <div>
              <dt>{t('title.category')}</dt>
              <dd>
                <Link to={to(appPaths.listing(m.catId))}>{hi ? (m.categoryNameHi ?? m.categoryName) : m.categoryName}</Link>
              </dd>
            </div>
            <div>
              <dt>{t('title.language')}</dt>
              <dd>
                <LanguageName code={m.lang} nativeName={m.languageNativeName} englishName={m.languageName} hindiPage={hi} />
              </dd>
            </div>
            <div>
              <dt>{t('title.frequency')}</dt>
              <dd>
                {i18n.exists(`title.frequencies.${m.frequency}`) ? t(`title.frequencies.${m.frequency}` as 'title.publisher') : m.frequency}
              </dd>
            </div>
          </dl>
          <TitleIdentifiers meta={m} doi={issue?.doi ?? null} />
        </div>
      </section>

      {specials.length > 0 && (
        <Scroller id="special-issues" title={t('title.specialIssues')} count={specials.length}>
          {specials.map((i) => (
            <IssueCard key={i.issueId} issue={i} lang={m.lang} titlePath={path} current={i.issueId === issue?.issueId} onRead={openIssue} />
          ))}
        </Scroller>
      )}
      {recents.length > 0 && (
        <Scroller id="recent-issues" title={t('title.recentIssues')} count={recents.length}>
          {recents.map((i, n) => (
            <IssueCard
              key={i.issueId}
              issue={i}
              lang={m.lang}
              titlePath={path}
              current={i.issueId === issue?.issueId}
              onRead={openIssue}
              eager={n < 2}
            />
          ))}
        </Scroller>
      )}
      {m.otherEditions.length > 0 && (
        <Scroller id="other-editions" title={t('title.otherEditions')} count={m.otherEditions.length}>
          {m.otherEditions.map((e) => (
            <MagazineTile key={e.mid} m={e} />
          ))}
        </Scroller>
      )}

      <section className="title-section" aria-labelledby="all-issues-title">
        <h2 id="all-issues-title" className="shelf__title">
          {t('title.allIssues')}
        </h2>
        <IssueRangeFilter mid={mid} titlePath={path} lang={m.lang} />
      </section>

      {related.data && related.data.magazineList.length > 0 && (
        <section className="title-section" aria-labelledby="related-title" data-testid="related">
          <h2 id="related-title" className="shelf__title">
            {t('title.related')}
          </h2>
          <div className="listing-grid">
            {related.data.magazineList.map((r) => (
              <MagazineTile key={r.mid} m={r} place="grid" />
            ))}
          </div>
          <div className="range__actions">
            {relatedPage > 0 && (
              <button type="button" className="button button--ghost button--small" onClick={() => setRelatedPage(relatedPage - 1)}>
                {t('title.range.previous')}
              </button>
            )}
            {relatedPage + 1 < related.data.nbPages && (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setRelatedPage(relatedPage + 1)}
                data-testid="related-more"
              >
                {t('title.range.next')}
              </button>
            )}
          </div>
        </section>
      )}
      {dialog}
    </div>
  );
}

/** The title's ISSNs or ISBN and the shown issue's DOI, small, for those who cite or match it. */
function TitleIdentifiers({ meta, doi }: { meta: MagazineMeta; doi: string | null }) {
  const { t } = useTranslation();
  const ids = [
    ['printIssn', meta.printIssn],
    ['onlineIssn', meta.onlineIssn],
    ['isbn', meta.isbn],
    ['doi', doi],
  ] as const;
  if (!ids.some(([, v]) => v)) return null;
  return (
    <dl className="title-ids" aria-label={t('title.ids.identifiers')} data-testid="title-identifiers">
      {ids.map(([key, value]) =>
        value ? (
          <div key={key}>
            <dt>{t(`title.ids.${key}`)}</dt>
            <dd translate="no">{value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
