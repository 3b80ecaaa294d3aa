// /library/:institutionId/zones/:zoneId/poster: a zone's on-site poster. On a desk screen its QR
// code changes every few minutes (the time left is shown) with the desk's code under it; "Print"
// makes a paper one, good until today's opening hours end, its date printed on it. The QR code
// (SVG from the server) carries the zone screen's link with a signed token; the page keeps the
// link in data-url, for the tests. Printing shows the poster alone, on one A4 page (poster.css).
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { stripLocale } from '../../lib/locale';
import { useLocalePath } from '../../components/useLocalePath';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';
import { Problem, statusOf, useRefusalText } from './ConsoleParts';
import { posterQuery } from './zones-queries';
import './poster.css';
import { appPaths } from '../../../shared/app-paths';
import { devanagariMark } from '../../../shared/devanagari-font';

/** Seconds to `iso`, ticking. */
function useSecondsTo(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return iso ? Math.max(0, Math.round((Date.parse(iso) - now) / 1000)) : 0;
}

export default function PosterPage() {
  const { t, lang, ready } = useNamespaceTexts('console', consoleTexts);
  const to = useLocalePath();
  const { pathname } = useLocation();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const print = search.get('print') === '1';
  const institutionId = Number(params.institutionId);
  const zoneId = Number(params.zoneId);
  const poster = useQuery({ ...posterQuery(institutionId, zoneId, print), enabled: institutionId > 0 && zoneId > 0 });
  const refusal = useRefusalText();
  const left = useSecondsTo(poster.data?.refreshAt);
  // Printing shows the poster alone (poster.css).
  useEffect(() => {
    document.documentElement.classList.add('poster-page');
    return () => document.documentElement.classList.remove('poster-page');
  }, []);

  if (!ready) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  if (statusOf(poster.error) === 401) return <Navigate replace to={to(appPaths.loginReturningTo(stripLocale(pathname)))} />;
  const back = (
    <Link className="button button--ghost" to={to(appPaths.consoleSection(params.institutionId ?? '', 'zones'))}>
      {t('posterBack')}
    </Link>
  );
  if (poster.error)
    return (
      <div className="poster-wrap">
        <Problem text={statusOf(poster.error) === 403 ? t('otherInstitution') : refusal(poster.error)} />
        {back}
      </div>
    );
  if (!poster.data) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const p = poster.data;
  const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
  const validUntil = new Date(p.expiresAt).toLocaleTimeString(locale, { timeZone: p.zone.timeZone, hour: 'numeric', minute: '2-digit' });
  // Good until midnight (a zone open all day): the whole day, not "until 12:00 am".
  const allDay =
    new Date(p.expiresAt).toLocaleTimeString('en-GB', {
      timeZone: p.zone.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }) === '00:00';
  const day = new Date(`${p.date}T12:00:00Z`).toLocaleDateString(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const digits = `${p.code.code.slice(0, 3)} ${p.code.code.slice(3)}`;

  return (
    <div className="poster-wrap">
      <article className={`poster${print ? ' poster--paper' : ''}`} data-testid="poster">
        <header className="poster__brand">
          {p.institution?.logoUrl && <img className="poster__logo" src={p.institution.logoUrl} alt="" />}
          <span {...devanagariMark(p.institution?.name)}>{p.institution?.name ?? 'Lectern'}</span>
        </header>
        <p className="poster__kicker">{t('posterKicker')}</p>
        <h1 className="poster__zone" {...devanagariMark(p.zone.name)}>
          {p.zone.name}
        </h1>
        <p className="poster__line">{t('posterLine')}</p>
        <figure
          className="poster__qr"
          data-testid="poster-qr"
          data-url={p.url}
          aria-label={t('posterQrLabel')}
          role="img"
          // The server's SVG from the qrcode package: paths only, made from our own link.
          dangerouslySetInnerHTML={{ __html: p.svg }}
        />
        <p className="poster__steps">
          {t(p.zone.proof === 'any' ? 'posterSteps' : p.zone.proof === 'network' ? 'posterStepsNetwork' : 'posterStepsPlace')}
        </p>
        {print ? (
          <p className="poster__valid" data-testid="poster-valid">
            {allDay ? t('posterValidAllDay', { date: day }) : t('posterValid', { date: day, time: validUntil })}
          </p>
        ) : (
          <>
            <p className="poster__code" data-testid="poster-code">
              {t('posterDeskCode')} <strong>{digits}</strong>
            </p>
            <p className="poster__left" data-testid="poster-left" aria-live="off">
              {t('posterNewIn', { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` })}
            </p>
          </>
        )}
        <footer className="poster__foot">{t('posterFoot')}</footer>
      </article>
      <div className="poster-actions">
        <p className="console__note">{print ? t('posterPaperHint') : t('posterScreenHint')}</p>
        <div className="console-zone-form__actions">
          {print ? (
            <>
              <button type="button" className="button" onClick={() => window.print()} data-testid="poster-print-now">
                {t('posterPrintNow')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setSearch({}, { replace: true })}>
                {t('posterScreen')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => setSearch({ print: '1' }, { replace: true })}
              data-testid="poster-print"
            >
              {t('posterPrint')}
            </button>
          )}
          {back}
        </div>
      </div>
    </div>
  );
}
