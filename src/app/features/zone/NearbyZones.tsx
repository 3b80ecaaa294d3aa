// The zones: nearest first with their distance once the reader shares a location, otherwise the
// list as it is; whether each is open now, its hours (in the zone's time zone), the pass length,
// and whether its Wi-Fi counts.
import { useQuery } from '@tanstack/react-query';
import type { ZoneSummary } from '../../../shared/schemas/zones';
import { distanceM } from '../../../shared/zones';
import { useZoneTexts } from './texts';
import { distanceText, hoursLines, lengthKey } from './format';
import { useLocationState } from './location';
import { zonesQuery } from './queries';
import { devanagariMark } from '../../../shared/devanagari-font';

const deviceTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function Zone({ zone, near }: { zone: ZoneSummary; near: { lat: number; lng: number } | null }) {
  const { t, lang } = useZoneTexts();
  const metres = near && zone.place ? distanceM(near, zone.place) : null;
  const inside = metres !== null && zone.place !== null && metres <= zone.place.radiusM;
  const length = lengthKey(zone.passMinutes);
  return (
    <li className="zone-item" data-testid="zone-item">
      <div className="zone-item__head">
        <h3 {...devanagariMark(zone.name)}>{zone.name}</h3>
        <span className={`zone-chip${zone.openNow ? ' zone-chip--on' : ''}`}>{zone.openNow ? t('near.openNow') : t('near.closedNow')}</span>
      </div>
      <p className="zone-muted">{zone.institution ? t('near.by', { institution: zone.institution }) : t('near.public')}</p>
      {metres !== null && (
        <p className="zone-item__distance" data-testid="zone-distance">
          {inside ? t('near.here') : t('near.away', { distance: distanceText(metres, lang) })}
        </p>
      )}
      {zone.description && <p>{zone.description}</p>}
      {zone.hours ? (
        <dl className="zone-hours">
          {hoursLines(zone.hours, lang).map((l) => (
            <div key={l.days}>
              <dt>{l.days}</dt>
              <dd>{l.periods ?? t('near.closed')}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t('near.alwaysOpen')}</p>
      )}
      {zone.hours && zone.timeZone !== deviceTimeZone && <p className="zone-muted">{t('near.hoursIn', { timeZone: zone.timeZone })}</p>}
      <p>{t('near.pass', { length: t(length.key, { count: length.count }) })}</p>
      {zone.byNetwork && <p className="zone-muted">{zone.place ? t('near.wifiToo') : t('near.wifiOnly')}</p>}
      {zone.proof === 'place+code' && <p className="zone-muted">{t('near.proof')}</p>}
      {zone.proof === 'network' && <p className="zone-muted">{t('near.proofNetwork')}</p>}
      {zone.proof === 'place' && <p className="zone-muted">{t('near.proofPlace')}</p>}
    </li>
  );
}

export function NearbyZones() {
  const { t } = useZoneTexts();
  const { fix } = useLocationState();
  const zones = useQuery(zonesQuery(fix));
  // Nearest first by the server (from the rounded position); distances from the precise one.
  return (
    <section className="zone-card zone-card--near" aria-labelledby="zone-near-title">
      <h2 id="zone-near-title">{fix ? t('near.title') : t('near.titleAll')}</h2>
      {!fix && <p className="zone-muted">{t('near.hint')}</p>}
      {zones.isPending ? (
        <p>{t('near.loading')}</p>
      ) : zones.isError && !zones.data ? (
        <p className="zone-setting__error">{t('near.error')}</p>
      ) : zones.data?.zones.length ? (
        <ul className="zone-list">
          {zones.data.zones.map((z) => (
            <Zone key={z.id} zone={z} near={fix} />
          ))}
        </ul>
      ) : (
        <p>{t('near.empty')}</p>
      )}
    </section>
  );
}
