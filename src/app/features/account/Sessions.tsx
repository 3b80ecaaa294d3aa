// My Account: where the reader is signed in (each device by browser and system, roughly where it
// was last used, when it signed in and was last seen, this device marked), and ending one of the
// others, or all of them: those devices are signed out at once.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/errors';
import { formatDate } from '../../lib/locale';
import type { ReaderSession } from '../../../shared/schemas/sessions';
import { sessionsQuery } from './queries';
import { useEndSessions } from './mutations';

export function Sessions() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const sessions = useQuery(sessionsQuery());
  const end = useEndSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  const date = (iso: string) => formatDate(iso, i18n.language);
  const device = (s: ReaderSession) =>
    s.browser && s.os ? t('sessions.device', { browser: s.browser, os: s.os }) : (s.browser ?? s.os ?? t('sessions.unknownDevice'));
  const today = new Date().toISOString().slice(0, 10);

  return (
    <section className="sessions" aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title" className="account__subtitle">
        {t('sessions.title')}
      </h2>
      <p className="account__note">{t('sessions.lede')}</p>
      {sessions.isError && (
        <p className="form-error" role="alert">
          {errorText(sessions.error)}
        </p>
      )}
      {end.isError && (
        <p className="form-error" role="alert">
          {errorText(end.error)}
        </p>
      )}
      <ul className="sessions__list">
        {list.map((s) => (
          <li key={s.id} className="sessions__item" data-testid="session">
            <div className="sessions__what">
              <span className="sessions__device">
                {device(s)}
                {s.current && <span className="sessions__here">{t('sessions.thisDevice')}</span>}
              </span>
              <span className="sessions__meta">
                {s.network && <span>{t('sessions.network', { network: s.network })}</span>}
                <span>{t('sessions.signedIn', { date: date(s.signedInAt) })}</span>
                <span>
                  {s.current
                    ? t('sessions.activeNow')
                    : s.lastSeenAt.slice(0, 10) === today
                      ? t('sessions.seenToday')
                      : t('sessions.lastSeen', { date: date(s.lastSeenAt) })}
                </span>
              </span>
            </div>
            {!s.current && (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => end.mutate(s.id)}
                disabled={end.isPending}
                aria-label={t('sessions.endOne', { device: device(s) })}
              >
                {t('sessions.end')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 1 && (
        <button type="button" className="button button--ghost" onClick={() => end.mutate(undefined)} disabled={end.isPending}>
          {t('sessions.endOthers')}
        </button>
      )}
    </section>
  );
}
