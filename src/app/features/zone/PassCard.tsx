// "Your pass": the current pass, until when (the device's time) and what it opens; no pass yet
// (check again), with why the last report opened nothing and what to do (sign in, the desk's
// code, try again on site); or, signed out, a guest session for the Wi-Fi or signing in.
import { useState, type FormEvent } from 'react';
import { titlePath } from '../../../shared/title-paths';
import { Link } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ZoneCodeInput, type ZoneOpens, type ZonePass } from '../../../shared/schemas/zones';
import type { ZoneSection } from '../../../shared/zones';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { categoriesQuery } from '../listing/queries';
import { metaQuery } from '../title/queries';
import { session, useSessionVersion } from '../../lib/session';
import { useZoneTexts } from './texts';
import { endTime } from './format';
import { passesQuery } from './queries';
import { useCheckIn } from './here';
import { useGuestCheckIn } from './mutations';
import { useLocationState } from './location';
import { asksForCode, useZoneRefusal } from './refusal';
import { pendingScan } from './scan';
import { appPaths } from '../../../shared/app-paths';
import { useReaderScope } from '../../lib/scope';

const SECTION_PATHS: Record<ZoneSection, string> = {
  magazines: appPaths.listing('BS', 'en'),
  newspapers: appPaths.newspapers,
  journals: appPaths.journals,
};
/** Titles named one by one; a zone opening more says how many. */
const TITLES_SHOWN = 8;

function Opens({ opens }: { opens: ZoneOpens }) {
  const { t, lang } = useZoneTexts();
  const to = useLocalePath();
  const chosen = opens.all ? null : opens;
  const categories = useQuery({ ...categoriesQuery(useReaderScope()), enabled: !!chosen?.categories.length });
  const titles = useQueries({ queries: (chosen?.titles ?? []).slice(0, TITLES_SHOWN).map((mid) => metaQuery(mid)) });
  if (!chosen) return <p>{t('pass.opensAll')}</p>;
  const name = (catId: number) => {
    const c = categories.data?.popularCat.find((x) => x.catId === catId);
    return (lang === 'hi' && c?.nameHi) || c?.name || `#${catId}`;
  };
  return (
    <dl className="zone-opens">
      {chosen.sections.length > 0 && (
        <div>
          <dt>{t('pass.sections')}</dt>
          <dd>
            {chosen.sections.map((s) => (
              <Link key={s} to={to(SECTION_PATHS[s])}>
                {t(`sectionNames.${s}`)}
              </Link>
            ))}
          </dd>
        </div>
      )}
      {chosen.categories.length > 0 && (
        <div>
          <dt>{t('pass.categories')}</dt>
          <dd>
            {chosen.categories.map((c) => (
              <Link key={c} to={to(appPaths.category(c))}>
                {name(c)}
              </Link>
            ))}
          </dd>
        </div>
      )}
      {chosen.titles.length > 0 && (
        <div>
          <dt>{t('pass.titles')}</dt>
          <dd>
            {chosen.titles.slice(0, TITLES_SHOWN).map((mid, i) => (
              <Link key={mid} to={to(titlePath(mid, titles[i]?.data?.name))}>
                {titles[i]?.data?.name ?? `#${mid}`}
              </Link>
            ))}
            {chosen.titles.length > TITLES_SHOWN && <span>+{chosen.titles.length - TITLES_SHOWN}</span>}
          </dd>
        </div>
      )}
    </dl>
  );
}

function Pass({ pass }: { pass: ZonePass }) {
  const { t, lang } = useZoneTexts();
  const to = useLocalePath();
  const end = endTime(pass.endsAt, lang);
  return (
    <div className="zone-pass__item" data-testid="zone-pass">
      <p className="zone-pass__zone">{t('pass.active', { zone: pass.zoneName })}</p>
      <p className="zone-pass__until" data-testid="zone-pass-until">
        {end.day ? t('pass.untilDay', { time: end.time, day: end.day }) : t('pass.until', { time: end.time })}
      </p>
      <p className="zone-muted">{t('pass.extends')}</p>
      <h3 className="zone-pass__opens">{t('pass.opens')}</h3>
      <Opens opens={pass.opens} />
      <Link className="button" to={to('/')}>
        {t('pass.browse')}
      </Link>
    </div>
  );
}

/** The desk's code, typed by the reader: sent with a fresh position (the code proves presence
 * together with it, not alone). */
function CodeForm() {
  const { t } = useZoneTexts();
  const { status } = useLocationState();
  const checkIn = useCheckIn();
  const [value, setValue] = useState('');
  const [bad, setBad] = useState(false);
  const located = status === 'on' || status === 'starting';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = ZoneCodeInput.safeParse(value);
    setBad(!code.success);
    if (code.success) checkIn.mutate({ code: code.data }, { onSuccess: () => setValue('') });
  };
  return (
    <form className="zone-code" onSubmit={submit} noValidate data-testid="zone-code-form">
      <label className="zone-code__label" htmlFor="zone-code">
        {t('code.label')}
      </label>
      <div className="zone-code__row">
        <input
          id="zone-code"
          className="zone-code__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={11}
          value={value}
          onChange={(e) => (setValue(e.target.value), setBad(false))}
          aria-invalid={bad || undefined}
          aria-describedby="zone-code-hint"
          disabled={!located}
        />
        <button type="submit" className="button" disabled={!located || checkIn.isPending}>
          {checkIn.isPending ? t('pass.checking') : t('code.use')}
        </button>
      </div>
      <p className={bad ? 'zone-setting__error' : 'zone-muted'} id="zone-code-hint">
        {bad ? t('code.bad') : located ? t('code.hint') : t('code.needsLocation')}
      </p>
    </form>
  );
}

/** Why the last report opened no reading, kindly, with what the reader can do about it. */
function Refusal() {
  const { t } = useZoneTexts();
  const to = useLocalePath();
  const refusal = useZoneRefusal();
  if (!refusal) return null;
  return (
    <div className="zone-refusal" role="status" data-testid="zone-refusal">
      <p>{t(`refusal.${refusal}`)}</p>
      {refusal === 'zone_sign_in_needed' && (
        <Link className="button" to={to(`${appPaths.login}?returnTo=${appPaths.zone}`)}>
          {t('refusal.signIn')}
        </Link>
      )}
      {asksForCode(refusal) && <CodeForm />}
    </div>
  );
}

export function PassCard() {
  const { t } = useZoneTexts();
  const to = useLocalePath();
  useSessionVersion();
  const signedIn = session.isLoggedIn() && !!session.userToken();
  const passes = useQuery(passesQuery());
  const checkIn = useCheckIn();
  const guest = useGuestCheckIn();
  const errorText = useErrorText();
  const refusal = useZoneRefusal();
  // A refusal is explained by <Refusal>; other errors (the network) as any error is.
  const otherError = (m: { isError: boolean; error: unknown }) => (m.isError && !refusal ? errorText(m.error) : null);

  return (
    <section className="zone-card zone-pass" aria-labelledby="zone-pass-title">
      <h2 id="zone-pass-title">{t('pass.title')}</h2>
      {!signedIn ? (
        <div data-testid="zone-signed-out">
          <p className="zone-pass__zone">{t('pass.signedOut')}</p>
          <p>{pendingScan() ? t('pass.scanned') : t('pass.signedOutBody')}</p>
          {otherError(guest) && <p className="zone-setting__error">{otherError(guest)}</p>}
          <div className="zone-actions">
            <button type="button" className="button" disabled={guest.isPending} onClick={() => guest.mutate()}>
              {guest.isPending ? t('choices.working') : t('pass.guest')}
            </button>
            <Link className="button button--ghost" to={to(`${appPaths.login}?returnTo=${appPaths.zone}`)}>
              {t('pass.signIn')}
            </Link>
          </div>
        </div>
      ) : passes.data?.passes.length ? (
        <>
          {passes.data.passes.map((p) => (
            <Pass key={p.zoneId} pass={p} />
          ))}
          <Refusal />
        </>
      ) : (
        <div data-testid="zone-no-pass">
          <p>{passes.isPending ? t('pass.checking') : t('pass.none')}</p>
          <Refusal />
          {otherError(checkIn) && <p className="zone-setting__error">{otherError(checkIn)}</p>}
          <button type="button" className="button button--ghost" disabled={checkIn.isPending} onClick={() => checkIn.mutate({})}>
            {checkIn.isPending ? t('pass.checking') : t('pass.checkIn')}
          </button>
        </div>
      )}
    </section>
  );
}
