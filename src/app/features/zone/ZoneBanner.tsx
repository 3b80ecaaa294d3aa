// The in-app banner, one line floating above the page's bottom edge (it moves nothing on the
// page): "Free reading here until 6:30 pm · <zone>" when a pass starts that opens something the
// reader could not read already (the server says so per pass: a reader whose own subscription
// covers all the zone opens is not told), "Your Smart Reading Zone pass has ended." when such a
// pass ends (a timer at its end asks the server again: a reader still in the zone keeps it), and
// why a position report opened no reading (sign in, the desk's code, try again on site), once per
// reason in a tab's session, with the way to the zone screen. Never offline: a pass opens online
// reading only. Dismissible, read out politely.
import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { PassesReply, ZonePass } from '../../../shared/schemas/zones';
import { CloseIcon } from '../../components/Icons';
import { useLocalePath } from '../../components/useLocalePath';
import { stripLocale } from '../../lib/locale';
import { storedUser } from '../../lib/session';
import { SESSION, readJson } from '../../../shared/storage-names';
import { useOnline } from '../../components/OfflineBanner';
import { passesQuery } from './queries';
import { endTime } from './format';
import { useZoneTexts } from './texts';
import { useZoneRefusal, type ZoneRefusal } from './refusal';
import { appPaths } from '../../../shared/app-paths';

type Message = { kind: 'in'; zone: string; endsAt: string } | { kind: 'ended' } | { kind: 'refused'; refusal: ZoneRefusal };

// The message lives outside React: it follows the passes as they arrive, whoever fetched them.
let message: Message | null = null;
const listeners = new Set<() => void>();
function show(m: Message | null) {
  message = m;
  listeners.forEach((l) => l());
}

/** Passes announced in this tab's session (a reload does not repeat them; a new start does). */
const ANNOUNCED = SESSION.zoneAnnounced;
const passKey = (p: ZonePass) => `${p.zoneId}:${p.startedAt}`;
/** Refusals explained in this tab's session (each reason once: the watcher reports every few minutes). */
const EXPLAINED = SESSION.zoneRefusalsShown;
const announced = (key: string = ANNOUNCED): string[] => readJson(sessionStorage, key, z.array(z.string())) ?? [];
function explain(refusal: ZoneRefusal) {
  const shown = announced(EXPLAINED);
  if (shown.includes(refusal)) return;
  sessionStorage.setItem(EXPLAINED, JSON.stringify([...shown, refusal]));
  show({ kind: 'refused', refusal });
}

let known: { user: string; zones: Set<number> } | null = null;
/** Compares the passes that open more than the reader's own access with the ones seen before for
 * this reader, and says what changed. */
function follow(user: string, reply: PassesReply) {
  const worth = reply.passes.filter((p) => p.opensMore);
  const before = known?.user === user ? known.zones : null;
  known = { user, zones: new Set(worth.map((p) => p.zoneId)) };
  const seen = announced();
  const started = worth.find((p) => !seen.includes(passKey(p)));
  if (started) {
    sessionStorage.setItem(ANNOUNCED, JSON.stringify([...seen, passKey(started)].slice(-20)));
    return show({ kind: 'in', zone: started.zoneName, endsAt: started.endsAt });
  }
  if (before && [...before].some((id) => !known!.zones.has(id)) && !worth.length) show({ kind: 'ended' });
}

/** The words load with the first message (the zone screen's texts), not with every start. */
function BannerMessage({ message: m }: { message: Message }) {
  const { t, lang, ready } = useZoneTexts();
  const to = useLocalePath();
  if (!ready) return null;
  const close = (
    <button type="button" className="icon-button zone-banner__close" onClick={() => show(null)} aria-label={t('banner.dismiss')}>
      <CloseIcon />
    </button>
  );
  if (m.kind === 'in')
    return (
      <div className="zone-banner zone-banner--in" data-testid="zone-banner">
        <Link className="zone-banner__line" to={to(appPaths.zone)} onClick={() => show(null)}>
          <strong>{t('banner.in', { time: endTime(m.endsAt, lang).time })}</strong>
          <span className="zone-banner__zone"> · {m.zone}</span>
        </Link>
        {close}
      </div>
    );
  return (
    <div className="zone-banner" data-testid="zone-banner">
      <p>{m.kind === 'refused' ? t(`banner.refused.${m.refusal}`) : t('banner.ended')}</p>
      {m.kind === 'refused' && (
        <Link className="zone-banner__link" to={to(appPaths.zone)} onClick={() => show(null)}>
          {t('refusal.see')}
        </Link>
      )}
      {close}
    </div>
  );
}

export function ZoneBanner() {
  const user = storedUser()?.uid ?? '';
  const { data, refetch } = useQuery(passesQuery());
  const current = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => message,
  );

  useEffect(() => {
    if (data) follow(user, data);
  }, [data, user]);
  const refusal = useZoneRefusal();
  useEffect(() => {
    if (refusal) explain(refusal);
  }, [refusal]);

  // At the end of the first pass to end, ask again; the network's return is a good moment too.
  useEffect(() => {
    const ends = data?.passes.map((p) => Date.parse(p.endsAt)).filter(Number.isFinite) ?? [];
    if (!ends.length) return;
    const timer = setTimeout(() => void refetch(), Math.max(1000, Math.min(...ends) - Date.now() + 1000));
    return () => clearTimeout(timer);
  }, [data, refetch]);
  useEffect(() => {
    const online = () => void refetch();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [refetch]);

  const online = useOnline();
  // The access screens lead with the pass themselves (PassLead): not said twice there.
  const leading = stripLocale(useLocation().pathname) === appPaths.validateUser && current?.kind === 'in';
  return (
    <div className="zone-banner__region" aria-live="polite">
      {current && online && !leading && <BannerMessage message={current} />}
    </div>
  );
}
