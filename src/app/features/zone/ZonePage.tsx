// /reading-zone (public): what a Smart Reading Zone is, the reader's pass, the two ways Lectern
// notices a reader (with the consent steps and their settings), and the zones.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import './zone.css';
import { session } from '../../lib/session';
import { useZoneTexts } from './texts';
import { PassCard } from './PassCard';
import { ZoneSettings } from './ZoneSettings';
import { NearbyZones } from './NearbyZones';
import { pendingScan, takeScan } from './scan';
import { useCheckIn } from './here';

/** A poster's QR code brought the reader here: the token leaves the address at once (replaced, not
 * kept in the history), and a signed-in reader or guest checks in with it now; a visitor does when
 * they start a guest session or come back signed in (PassCard). */
function useScan() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const { mutate } = useCheckIn();
  const sent = useRef(false);
  useEffect(() => {
    const rest = takeScan(search);
    if (rest !== null) navigate({ pathname, search: rest }, { replace: true });
    if (sent.current || !pendingScan() || !session.isLoggedIn() || !session.userToken()) return;
    sent.current = true;
    mutate({});
  }, [search, pathname, navigate, mutate]);
}

export default function ZonePage() {
  const { t, ready } = useZoneTexts();
  useScan();
  if (!ready)
    return (
      <div className="zone zone--pending">
        <span className="skeleton skeleton--title" aria-hidden="true" />
      </div>
    );
  return (
    <div className="zone" data-testid="zone-screen">
      <header className="zone__intro">
        <h1 className="zone__title">{t('title')}</h1>
        <p className="zone__lede">{t('lede')}</p>
      </header>
      <div className="zone__cols">
        <div className="zone__col">
          <PassCard />
          <section className="zone-card zone-card--choices" aria-labelledby="zone-choices-title">
            <h2 id="zone-choices-title">{t('choices.title')}</h2>
            <p className="zone-muted">{t('choices.wifi')}</p>
            <ZoneSettings />
          </section>
        </div>
        <div className="zone__col">
          <section className="zone-card zone-card--how" aria-labelledby="zone-how-title">
            <h2 id="zone-how-title">{t('how.title')}</h2>
            <ol className="zone-steps">
              <li>{t('how.arrive')}</li>
              <li>{t('how.noticed')}</li>
              <li>{t('how.read')}</li>
            </ol>
          </section>
          <NearbyZones />
        </div>
      </div>
    </div>
  );
}
