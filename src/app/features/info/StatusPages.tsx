// /healthcheck (is the service up), /appdownload (install Lectern on this device), and the status
// page frame the payment results (features/plans/PaymentResult.tsx) use too.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallWay } from '../../pwa/state';
import { usePageTexts } from './texts';
import { StoreLinks } from './StoreLinks';
import { appStoresQuery, healthQuery } from './queries';
import './info.css';

/** A page that says how something went: a mark, a title, a line, and what to do next. */
export function StatusPage({ ok, title, body, children }: { ok: boolean; title: string; body: string; children?: React.ReactNode }) {
  return (
    <article className="info status-page">
      <span className={`status-mark ${ok ? 'status-mark--ok' : 'status-mark--bad'}`} aria-hidden="true">
        {ok ? '✓' : '!'}
      </span>
      <h1 className="info__title">{title}</h1>
      <p className="info__lede">{body}</p>
      {children}
    </article>
  );
}

export function HealthcheckPage() {
  const { t } = useTranslation();
  const health = useQuery(healthQuery());
  if (health.isPending) return <StatusPage ok title={t('health.checking')} body="" />;
  return health.data?.ok ? (
    <StatusPage ok title={t('health.ok')} body={t('health.okBody', { db: health.data.db, version: __BUILD_ID__ })} />
  ) : (
    <StatusPage ok={false} title={t('health.down')} body={t('health.downBody')} />
  );
}

/** The browser's install prompt when it offers one; otherwise how to add Lectern by hand. */
export function AppDownloadPage() {
  // Long texts, loaded with the page (texts.ts), not with the app.
  const texts = usePageTexts().data?.appDownload;
  const { i18n } = useTranslation();
  const claims = useQuery(appStoresQuery()).data?.claims;
  // The offer was caught at start (pwa/install.ts): it fires once, before this page mounts.
  const way = useInstallWay();
  const [installed, setInstalled] = useState(() => window.matchMedia('(display-mode: standalone)').matches);
  useEffect(() => {
    const done = () => setInstalled(true);
    window.addEventListener('appinstalled', done);
    return () => window.removeEventListener('appinstalled', done);
  }, []);
  if (!texts) return null;
  if (installed) return <StatusPage ok title={texts.installedTitle} body={texts.installedBody} />;
  return (
    <article className="info" data-testid="app-download">
      <h1 className="info__title">{texts.title}</h1>
      <p className="info__lede">{texts.lede}</p>
      <p className="claims">{claims?.[i18n.language === 'hi' ? 'hi' : 'en']}</p>
      {way === 'prompt' && (
        <div className="info__actions">
          <button type="button" className="button" onClick={() => void promptInstall()}>
            {texts.install}
          </button>
        </div>
      )}
      <StoreLinks texts={texts} />
      <section className="info__section">
        <h2>{texts.androidTitle}</h2>
        <p>{texts.android}</p>
      </section>
      <section className="info__section">
        <h2>{texts.iosTitle}</h2>
        <p>{texts.ios}</p>
      </section>
      <section className="info__section">
        <h2>{texts.desktopTitle}</h2>
        <p>{texts.desktop}</p>
      </section>
    </article>
  );
}
