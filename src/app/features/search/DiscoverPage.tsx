// /discover?q=…&issueId=… (spec §2's discover tile page): the Discover tile of one issue for a
// term, for someone signed out who was sent a link to what was found (search itself needs a
// library). Read More asks them to sign in first. A signed-in reader has search and home, so the
// page sends them to / (spec §2); back from signing in to read a page, to that issue's page,
// which opens it.
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { session } from '../../lib/session';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { discoverQuery } from './queries';
import { DiscoverTile } from './DiscoverTile';
import './search.css';
import { appPaths } from '../../../shared/app-paths';

export default function DiscoverPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim().slice(0, 200);
  const issueId = Number(params.get('issueId'));
  const read = params.get('read');
  const valid = term !== '' && Number.isSafeInteger(issueId) && issueId > 0;
  const signedIn = session.isLoggedIn();
  const found = useQuery({ ...discoverQuery(term, issueId), enabled: valid && (!signedIn || !!read) });

  if (signedIn && !read) return <Navigate to={to('/')} replace />;
  if (signedIn && found.data)
    return <Navigate to={to(`${found.data.tile.browserLinkUrl}?read=${encodeURIComponent(read ?? '')}`)} replace />;
  if (signedIn && !found.isError) return null;

  return (
    <section className="discover-page" data-testid="discover-page">
      <h1 className="discover-page__title">{valid ? t('discoverPage.title', { term }) : t('discoverPage.invalid')}</h1>
      {valid && found.data && (
        <>
          <p className="discover-page__lede">{t('discoverPage.lede')}</p>
          <DiscoverTile tile={found.data.tile} term={term} />
        </>
      )}
      {valid && found.isPending && <p aria-busy="true">{t('search.searching')}</p>}
      {valid && found.isError && <p className="notice">{errorText(found.error)}</p>}
      <Link className="button button--wide" to={to(appPaths.login)} data-testid="discover-sign-in">
        {t('discoverPage.signIn')}
      </Link>
    </section>
  );
}
