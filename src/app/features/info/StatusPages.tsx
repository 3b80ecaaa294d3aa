// /paymentsuccess and /paymentfailed (the end of a payment made elsewhere), /healthcheck (is the
// service up), /appdownload (install Lectern on this device).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { apiGet } from '../../lib/api';
import { useLocalePath } from '../../components/useLocalePath';
import { promptInstall, useInstallWay } from '../../pwa/install';
import './info.css';

function StatusPage({ ok, title, body, children }: { ok: boolean; title: string; body: string; children?: React.ReactNode }) {
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

export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <StatusPage ok title={t('payment.successTitle')} body={t('payment.successBody')}>
      <div className="info__actions">
        <Link className="button" to={to('/')}>
          {t('signup.startReading')}
        </Link>
      </div>
    </StatusPage>
  );
}

export function PaymentFailedPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <StatusPage ok={false} title={t('payment.failedTitle')} body={t('payment.failedBody', { email: SUPPORT_EMAIL })}>
      <div className="info__actions">
        <Link className="button" to={to('/')}>
          {t('notFound.home')}
        </Link>
        <Link className="button button--ghost" to={to('/contact-us')}>
          {t('help.contact')}
        </Link>
      </div>
    </StatusPage>
  );
}

const Health = z.object({ ok: z.boolean(), db: z.string() });
export function HealthcheckPage() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => apiGet('/api/health', Health, undefined, signal),
    retry: false,
    gcTime: 0,
  });
  if (health.isPending) return <StatusPage ok title={t('health.checking')} body="" />;
  return health.data?.ok ? (
    <StatusPage ok title={t('health.ok')} body={t('health.okBody', { db: health.data.db, version: __BUILD_ID__ })} />
  ) : (
    <StatusPage ok={false} title={t('health.down')} body={t('health.downBody')} />
  );
}

/** The browser's install prompt when it offers one; otherwise how to add Lectern by hand. */
export function AppDownloadPage() {
  const { t } = useTranslation();
  // The offer was caught at start (pwa/install.ts): it fires once, before this page mounts.
  const way = useInstallWay();
  const [installed, setInstalled] = useState(() => window.matchMedia('(display-mode: standalone)').matches);
  useEffect(() => {
    const done = () => setInstalled(true);
    window.addEventListener('appinstalled', done);
    return () => window.removeEventListener('appinstalled', done);
  }, []);
  if (installed) return <StatusPage ok title={t('appDownload.installedTitle')} body={t('appDownload.installedBody')} />;
  return (
    <article className="info" data-testid="app-download">
      <h1 className="info__title">{t('appDownload.title')}</h1>
      <p className="info__lede">{t('appDownload.lede')}</p>
      {way === 'prompt' && (
        <div className="info__actions">
          <button type="button" className="button" onClick={() => void promptInstall()}>
            {t('appDownload.install')}
          </button>
        </div>
      )}
      <section className="info__section">
        <h2>{t('appDownload.androidTitle')}</h2>
        <p>{t('appDownload.android')}</p>
      </section>
      <section className="info__section">
        <h2>{t('appDownload.iosTitle')}</h2>
        <p>{t('appDownload.ios')}</p>
      </section>
      <section className="info__section">
        <h2>{t('appDownload.desktopTitle')}</h2>
        <p>{t('appDownload.desktop')}</p>
      </section>
    </article>
  );
}
