// /reading-zone (public): what a Smart Reading Zone is, the reader's pass, the two ways Lectern
// notices a reader (with the consent steps and their settings), and the zones.
import './zone.css';
import { useZoneTexts } from './texts';
import { PassCard } from './PassCard';
import { ZoneSettings } from './ZoneSettings';
import { NearbyZones } from './NearbyZones';

export default function ZonePage() {
  const { t, ready } = useZoneTexts();
  if (!ready)
    return (
      <div className="zone">
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
