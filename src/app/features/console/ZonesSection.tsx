// The console's zones section: the institution's Smart Reading Zones, each with the readers in it
// now, where it is (a circle, networks), its hours, pass length, what it opens and whether a
// presence is proven (and the code to show at the desk), its poster, the venue's network that
// reports arrivals (RADIUS clients, webhook); make, change or remove one.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { formatHours } from '../../../shared/zones';
import type { ConsoleZone } from '../../../shared/schemas/console-inbox';
import { useRemoveZone, zoneCodeQuery, zonesQuery } from './zones-queries';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { QueryProblem, useRefusalText, type SectionProps } from './ConsoleParts';
import { PROOF_LABEL, ZoneForm } from './ZoneForm';
import { ZoneNetworkArrivals } from './ZoneNetworkArrivals';
import { Link } from 'react-router';
import { useLocalePath } from '../../components/useLocalePath';
import { appPaths } from '../../../shared/app-paths';
import { devanagariMark } from '../../../shared/devanagari-font';

/** The code readers type at the desk: large, with when the next one comes. */
function DeskCode({ institutionId, zoneId }: { institutionId: number; zoneId: number }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const code = useQuery(zoneCodeQuery(institutionId, zoneId));
  if (code.error) return <QueryProblem error={code.error} retry={code.refetch} />;
  if (!code.data) return <p className="console__note">{t('zoneDeskCodeLoading')}</p>;
  const { code: digits, changesAt, periodSeconds } = code.data;
  return (
    <div className="console-zone__code" data-testid="zone-desk-code">
      <p className="console-zone__code-label">{t('zoneDeskCode')}</p>
      <p className="console-zone__code-digits" aria-live="polite">
        {digits.slice(0, 3)} {digits.slice(3)}
      </p>
      <p className="console__note">
        {t('zoneDeskCodeHint', {
          minutes: periodSeconds / 60,
          time: new Date(changesAt).toLocaleTimeString(lang, { hour: 'numeric', minute: '2-digit' }),
        })}
      </p>
    </div>
  );
}

export function ZonesSection({ institutionId }: SectionProps) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const to = useLocalePath();
  const zones = useQuery(zonesQuery(institutionId));
  const remove = useRemoveZone(institutionId);
  // The zone being changed: its id, 'new', or none.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  if (zones.error) return <QueryProblem error={zones.error} retry={zones.refetch} />;
  if (!zones.data) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const number = (n: number) => n.toLocaleString(lang);

  const opens = (z: ConsoleZone) => {
    if (z.opens.all) return t('zoneOpensAll');
    const o = z.opens;
    const parts = [
      ...o.sections.map((s) => t(`section${s[0].toUpperCase()}${s.slice(1)}` as ConsoleTextKey)),
      o.categories.length && t('zoneCategoryCount', { count: o.categories.length }),
      o.titles.length && t('zoneTitleCount', { count: o.titles.length }),
    ].filter(Boolean);
    return parts.join(', ') || t('zoneOpensNothing');
  };
  const onRemove = (z: ConsoleZone) => {
    if (window.confirm(t('zoneRemoveConfirm', { name: z.name })))
      remove.mutate(z.id, { onSuccess: () => showToast(t('zoneRemoved', { name: z.name })) });
  };
  const done = (message: ConsoleTextKey) => () => {
    setEditing(null);
    showToast(t(message));
  };

  return (
    <section aria-labelledby="zones-title" className="console__section">
      <div className="console-codes__head">
        <h2 id="zones-title" className="console__heading">
          {t('zonesTitle')}
        </h2>
        {editing === null && (
          <button type="button" className="button button--small" onClick={() => setEditing('new')} data-testid="zone-add">
            {t('zoneAdd')}
          </button>
        )}
      </div>
      <p className="console__note">{t('zonesHelp')}</p>
      {editing === 'new' && <ZoneForm institutionId={institutionId} zone={null} bounds={zones.data.bounds} onDone={done('zoneSaved')} />}
      {remove.error && (
        <p className="form-error" role="alert">
          {refusal(remove.error)}
        </p>
      )}
      {zones.data.zones.length === 0 && editing !== 'new' && <p className="console__empty">{t('noZones')}</p>}
      <ul className="console-zones" data-testid="zones">
        {zones.data.zones.map((z) =>
          editing === z.id ? (
            <li key={z.id} className="console-zone">
              <ZoneForm institutionId={institutionId} zone={z} bounds={zones.data.bounds} onDone={done('zoneSaved')} />
            </li>
          ) : (
            <li key={z.id} className="console-zone" data-testid={`zone-${z.id}`}>
              <div className="console-zone__head">
                <h3 className="console__subheading" {...devanagariMark(z.name)}>
                  {z.name}
                </h3>
                <span className={`console-state console-state--${z.active ? 'active' : 'disabled'}`}>
                  {z.active ? t('zoneInUse') : t('zoneNotInUse')}
                </span>
              </div>
              {z.description && <p className="console__note">{z.description}</p>}
              <p className="console-zone__readers" data-testid="zone-readers">
                <strong>{number(z.readersNow)}</strong> {t('zoneReadersNow', { count: z.readersNow })}
              </p>
              <dl className="console-facts console-zone__facts">
                <div>
                  <dt>{t('zonePlace')}</dt>
                  <dd>
                    {z.place
                      ? t('zoneCircle', { latitude: z.place.lat, longitude: z.place.lng, radius: number(z.place.radiusM) })
                      : t('zoneNoPlace')}
                  </dd>
                </div>
                <div>
                  <dt>{t('zoneNetworks')}</dt>
                  <dd className="console-zone__networks">
                    {z.networks.length ? z.networks.map((n) => <code key={n}>{n}</code>) : t('zoneNoNetworks')}
                  </dd>
                </div>
                <div>
                  <dt>{t('zoneHours')}</dt>
                  <dd>{z.hours ? `${formatHours(z.hours)} (${z.timeZone})` : t('zoneAlwaysOpen')}</dd>
                </div>
                <div>
                  <dt>{t('zonePass')}</dt>
                  <dd>{t('zoneMinutes', { count: z.passMinutes })}</dd>
                </div>
                <div>
                  <dt>{t('zoneOpens')}</dt>
                  <dd>{opens(z)}</dd>
                </div>
                <div>
                  <dt>{t('zoneProof')}</dt>
                  <dd data-testid="zone-proof">{t(PROOF_LABEL[z.proof])}</dd>
                </div>
              </dl>
              {(z.proof === 'place+code' || z.proof === 'any') && <DeskCode institutionId={institutionId} zoneId={z.id} />}
              <ZoneNetworkArrivals institutionId={institutionId} zoneId={z.id} />
              {editing === null && (
                <div className="console-zone-form__actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setEditing(z.id)}
                    aria-label={t('zoneEdit', { name: z.name })}
                  >
                    {t('edit')}
                  </button>
                  <Link
                    className="button button--ghost button--small"
                    to={to(appPaths.poster(institutionId, z.id))}
                    aria-label={t('zonePosterOf', { name: z.name })}
                    data-testid="zone-poster"
                  >
                    {t('zonePoster')}
                  </Link>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={remove.isPending}
                    onClick={() => onRemove(z)}
                    aria-label={t('zoneRemove', { name: z.name })}
                  >
                    {t('remove')}
                  </button>
                </div>
              )}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
