// The reader's two choices for Smart Reading Zones, one component for the zone screen and the
// account area: location while the app is open, and arrival notifications. Each explains itself
// before the browser asks, says how to unblock a refusal in the site settings, and turns off again
// (notifications also on the server).
import './zone.css';
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { session, useSessionVersion } from '../../lib/session';
import { useLocalePath } from '../../components/useLocalePath';
import { useZoneTexts } from './texts';
import { shareLocation, stopSharingLocation, useLocationState } from './location';
import { pushQuery } from './push';
import { useTurnOffPush, useTurnOnPush, useUpdatePushLanguage } from './mutations';
import { appPaths } from '../../../shared/app-paths';

type T = ReturnType<typeof useZoneTexts>['t'];

/** iPhone or iPad Safari in a tab (not added to the Home Screen): no Web Push there. */
export function iosOutsideHomeScreen(): boolean {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

function Setting(props: { id: string; title: string; on: boolean | null; children: ReactNode }) {
  const { t } = useZoneTexts();
  return (
    <section className="zone-setting" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <div className="zone-setting__head">
        <h3 id={`${props.id}-title`}>{props.title}</h3>
        {props.on !== null && (
          <span className={`zone-chip${props.on ? ' zone-chip--on' : ''}`} data-testid={`${props.id}-state`}>
            {props.on ? t('choices.on') : t('choices.off')}
          </span>
        )}
      </div>
      {props.children}
    </section>
  );
}

/** What the reader reads before the browser's own question, with Continue and Not now. */
function Explain({
  t,
  title,
  lines,
  onContinue,
  onCancel,
}: {
  t: T;
  title: string;
  lines: string[];
  onContinue: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="zone-explain" role="group" aria-label={title} data-testid="zone-explain">
      <h4>{title}</h4>
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
      <div className="zone-actions">
        <button type="button" className="button" onClick={onContinue}>
          {t('choices.continue')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('choices.notNow')}
        </button>
      </div>
    </div>
  );
}

/** A refusal the browser remembers: how to allow it in the site settings. */
function Blocked({ title, lines, steps, children }: { title: string; lines: string; steps: string[]; children?: ReactNode }) {
  return (
    <div className="zone-blocked" role="note" data-testid="zone-blocked">
      <h4>{title}</h4>
      <p>{lines}</p>
      <ol>
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {children}
    </div>
  );
}

function LocationSetting() {
  const { t } = useZoneTexts();
  const { status, fix, rough } = useLocationState();
  const [explaining, setExplaining] = useState(false);
  const on = status === 'starting' || status === 'on' || status === 'unavailable';
  const off = (
    <button type="button" className="button button--ghost" onClick={stopSharingLocation}>
      {t('choices.turnOff')}
    </button>
  );
  return (
    <Setting id="zone-location" title={t('location.title')} on={status === 'unsupported' ? null : on}>
      {status === 'unsupported' && <p>{t('location.unsupported')}</p>}
      {status === 'off' &&
        (explaining ? (
          <Explain
            t={t}
            title={t('location.explainTitle')}
            lines={[t('location.explain1'), t('location.explain2'), t('location.explain3')]}
            onContinue={() => {
              setExplaining(false);
              shareLocation();
            }}
            onCancel={() => setExplaining(false)}
          />
        ) : (
          <>
            <p>{t('location.offBody')}</p>
            <button type="button" className="button" onClick={() => setExplaining(true)}>
              {t('location.turnOn')}
            </button>
          </>
        ))}
      {on && (
        <>
          <p>{t('location.onBody')}</p>
          <p className="zone-setting__status" role="status">
            {status === 'starting'
              ? t('location.asking')
              : status === 'unavailable'
                ? t('location.unavailable')
                : !fix && rough
                  ? t('location.weak', { metres: rough })
                  : !fix
                    ? t('location.noFix')
                    : null}
          </p>
          {off}
        </>
      )}
      {status === 'blocked' && (
        <Blocked
          title={t('location.blockedTitle')}
          lines={t('location.blocked')}
          steps={[t('location.blockedStep1'), t('location.blockedStep2'), t('location.blockedStep3')]}
        >
          <button type="button" className="button" onClick={shareLocation}>
            {t('choices.tryAgain')}
          </button>
        </Blocked>
      )}
    </Setting>
  );
}

function IosHelp({ t }: { t: T }) {
  return (
    <div className="zone-ios" data-testid="zone-ios">
      <h4>{t('ios.title')}</h4>
      <p>{t('ios.body')}</p>
      <ol>
        <li>{t('ios.step1')}</li>
        <li>{t('ios.step2')}</li>
        <li>{t('ios.step3')}</li>
      </ol>
      <p>{t('ios.still')}</p>
    </div>
  );
}

function NotificationSetting() {
  const { t, lang } = useZoneTexts();
  useSessionVersion();
  const signedIn = session.isLoggedIn() && !!session.userToken();
  const { data: state, refetch } = useQuery(pushQuery());
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const relang = useUpdatePushLanguage();
  const [explaining, setExplaining] = useState(false);
  const [ios] = useState(iosOutsideHomeScreen);
  const busy = turnOn.isPending || turnOff.isPending;

  // Arrivals come in the language the app is used in.
  const { mutate: updateLanguage, isPending: relanging, isError: relangFailed, variables: relangTo } = relang;
  useEffect(() => {
    if (!state?.on || !state.lang || state.lang === lang || relanging || (relangFailed && relangTo === lang)) return;
    updateLanguage(lang);
  }, [state, lang, updateLanguage, relanging, relangFailed, relangTo]);

  // The reader may allow or block notifications in the site settings while the page is open.
  useEffect(() => {
    if (!navigator.permissions) return;
    let status: PermissionStatus | null = null;
    const changed = () => void refetch();
    navigator.permissions
      .query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', changed);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', changed);
  }, [refetch]);

  if (ios)
    return (
      <Setting id="zone-notifications" title={t('notifications.title')} on={null}>
        <IosHelp t={t} />
      </Setting>
    );
  if (!state) return null;
  if (!state.supported)
    return (
      <Setting id="zone-notifications" title={t('notifications.title')} on={null}>
        <p>{t('notifications.unsupported')}</p>
      </Setting>
    );
  const failed = (turnOn.isError || turnOff.isError) && <p className="zone-setting__error">{t('choices.failed')}</p>;
  return (
    <Setting id="zone-notifications" title={t('notifications.title')} on={state.on}>
      {state.on ? (
        <>
          <p>
            {t('notifications.onBody', { language: state.lang === 'hi' ? t('notifications.languageHi') : t('notifications.languageEn') })}
          </p>
          {failed}
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => turnOff.mutate()}>
            {turnOff.isPending ? t('choices.working') : t('choices.turnOff')}
          </button>
        </>
      ) : state.permission === 'denied' ? (
        <Blocked
          title={t('notifications.blockedTitle')}
          lines={t('notifications.blocked')}
          steps={[t('notifications.blockedStep1'), t('notifications.blockedStep2'), t('notifications.blockedStep3')]}
        />
      ) : !signedIn ? (
        <>
          <p>{t('notifications.offBody')}</p>
          <p className="zone-setting__status">{t('notifications.needsAccount')}</p>
        </>
      ) : explaining ? (
        <Explain
          t={t}
          title={t('notifications.explainTitle')}
          lines={[t('notifications.explain1'), t('notifications.explain2')]}
          onContinue={() => {
            setExplaining(false);
            turnOn.mutate(lang);
          }}
          onCancel={() => setExplaining(false)}
        />
      ) : (
        <>
          <p>{t('notifications.offBody')}</p>
          {failed}
          <button type="button" className="button" disabled={busy} onClick={() => setExplaining(true)}>
            {turnOn.isPending ? t('choices.working') : t('notifications.turnOn')}
          </button>
        </>
      )}
    </Setting>
  );
}

export function ZoneSettings() {
  return (
    <div className="zone-settings">
      <LocationSetting />
      <NotificationSetting />
    </div>
  );
}

/** My Account's section (loaded with it): the same settings, for readers with a library; guests and
 * readers with none have them on the zone screen. */
export default function ZoneAccountSection() {
  const { t, ready } = useZoneTexts();
  const to = useLocalePath();
  if (!ready) return null;
  return (
    <section className="zone-account" aria-labelledby="zone-account-title" data-testid="zone-account">
      <h2 id="zone-account-title" className="account__subtitle">
        {t('title')}
      </h2>
      <p className="zone-muted">{t('choices.wifi')}</p>
      <ZoneSettings />
      <p>
        <Link className="zone-link" to={to(appPaths.zone)}>
          {t('settings.accountLink')}
        </Link>
      </p>
    </section>
  );
}
