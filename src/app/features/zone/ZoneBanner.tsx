// The in-app banner, one line floating above the page's bottom edge (it moves nothing on the
// page): "Free reading here until 6:30 pm · <zone>" when a pass starts that opens something the
// reader could not read already (the server says so per pass: a reader whose own subscription
// covers all the zone opens is not told), "Your Smart Reading Zone pass has ended." when such a
// pass ends (a timer at its end asks the server again: a reader still in the zone keeps it), and
// why a position report opened no reading (sign in, the desk's code, try again on site), once per
// reason in a tab's session, with the way to the zone screen. Never offline: a pass opens online
// reading only. Dismissible, read out politely.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CloseIcon } from '../../components/Icons';
import { useLocalePath } from '../../components/useLocalePath';
import { stripLocale } from '../../lib/locale';
import { useOnline } from '../../components/OfflineBanner';
import { passesQuery } from './queries';
import { endTime } from './format';
import { useZoneTexts } from './texts';
import { useZoneRefusal } from './refusal';
import { dismissBanner, explain, useBannerMessage, type Message } from './announce';
import { appPaths } from '../../../shared/app-paths';

/** The words load with the first message (the zone screen's texts), not with every start. */
function BannerMessage({ message: m }: { message: Message }) {
  const { t, lang, ready } = useZoneTexts();
  const to = useLocalePath();
  if (!ready) return null;
  const close = (
    <button type="button" className="icon-button zone-banner__close" onClick={dismissBanner} aria-label={t('banner.dismiss')}>
      <CloseIcon />
    </button>
  );
  if (m.kind === 'in')
    return (
      <div className="zone-banner zone-banner--in" data-testid="zone-banner">
        <Link className="zone-banner__line" to={to(appPaths.zone)} onClick={dismissBanner}>
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
        <Link className="zone-banner__link" to={to(appPaths.zone)} onClick={dismissBanner}>
          {t('refusal.see')}
        </Link>
      )}
      {close}
    </div>
  );
}

export function ZoneBanner() {
  // The query keeps the passes fresh; what they mean for the banner is decided as each answer
  // arrives (announce.ts, from queries.ts).
  const { data, refetch } = useQuery(passesQuery());
  const current = useBannerMessage();
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
