// A zone's arrival told by the venue's network (docs/zones-network.md): its RADIUS clients (how a
// packet is matched, never the secret), adding one (the server makes the secret, shown this once,
// or the venue gives its own), removing one, and a new webhook secret for a controller.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RADIUS_MATCH_BY } from '../../../shared/schemas/network-arrivals';
import { zonesArrivals } from '../../../shared/endpoints/zones';
import { pathOf } from '../../../shared/endpoints/endpoint';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { QueryProblem, useRefusalText } from './ConsoleParts';
import { useAddRadiusClient, useMakeWebhookSecret, useRemoveRadiusClient, zoneNetworkQuery } from './zones-queries';

type MatchBy = (typeof RADIUS_MATCH_BY)[number];
const MATCH_TEXT: Record<MatchBy, ConsoleTextKey> = {
  nas_identifier: 'zoneRadiusNasId',
  called_station: 'zoneRadiusSsid',
  nas_ip: 'zoneRadiusNasIp',
};

export function ZoneNetworkArrivals({ institutionId, zoneId }: { institutionId: number; zoneId: number }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const arrivals = useQuery(zoneNetworkQuery(institutionId, zoneId));
  const [matchBy, setMatchBy] = useState<MatchBy>('nas_identifier');
  const [value, setValue] = useState('');
  const [ownSecret, setOwnSecret] = useState('');
  // A secret just made: shown this once, with what it is for.
  const [shown, setShown] = useState<{ what: 'radius' | 'webhook'; secret: string } | null>(null);
  const add = useAddRadiusClient(institutionId, zoneId);
  const remove = useRemoveRadiusClient(institutionId, zoneId);
  const webhook = useMakeWebhookSecret(institutionId, zoneId);
  if (arrivals.error) return <QueryProblem error={arrivals.error} retry={arrivals.refetch} />;
  const error = add.error ?? remove.error ?? webhook.error;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!value.trim()) return;
    add.mutate(
      { matchBy, matchValue: value.trim(), ...(ownSecret ? { secret: ownSecret } : {}) },
      {
        onSuccess: (r) => {
          if (!ownSecret) setShown({ what: 'radius', secret: r.secret });
          setValue('');
          setOwnSecret('');
        },
      },
    );
  }

  return (
    <details className="console-zone__network" data-testid="zone-network">
      <summary>{t('zoneNetworkTitle')}</summary>
      <p className="console__note">{t('zoneNetworkHelp')}</p>
      {shown && (
        <div className="console-zone__secret" role="status" data-testid="zone-secret">
          <p>{t(shown.what === 'radius' ? 'zoneRadiusSecretOnce' : 'zoneWebhookSecretOnce')}</p>
          <code>{shown.secret}</code>
          {shown.what === 'webhook' && <p className="console__note">{t('zoneWebhookUrl', { path: pathOf(zonesArrivals, { zoneId }) })}</p>}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {refusal(error)}
        </p>
      )}
      <ul className="console-zone__clients">
        {arrivals.data?.clients.map((c) => (
          <li key={c.id} data-testid="zone-radius-client">
            <span>
              {t(MATCH_TEXT[c.matchBy])}: <code>{c.matchValue}</code>
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={remove.isPending}
              onClick={() => remove.mutate(c.id)}
              aria-label={t('zoneRadiusRemove', { value: c.matchValue })}
            >
              {t('remove')}
            </button>
          </li>
        ))}
        {arrivals.data && !arrivals.data.clients.length && <li className="console__note">{t('zoneRadiusNone')}</li>}
      </ul>
      <form className="console-form__grid" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`radius-match-${zoneId}`}>
            {t('zoneRadiusMatch')}
          </label>
          <select
            id={`radius-match-${zoneId}`}
            className="field__input"
            value={matchBy}
            onChange={(e) => setMatchBy(e.target.value as MatchBy)}
          >
            {RADIUS_MATCH_BY.map((m) => (
              <option key={m} value={m}>
                {t(MATCH_TEXT[m])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`radius-value-${zoneId}`}>
            {t('zoneRadiusValue')}
          </label>
          <input
            id={`radius-value-${zoneId}`}
            className="field__input"
            spellCheck={false}
            autoCapitalize="none"
            value={value}
            placeholder={matchBy === 'nas_ip' ? '203.0.113.10' : matchBy === 'called_station' ? 'library-wifi' : 'library-wlc'}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`radius-secret-${zoneId}`}>
            {t('zoneRadiusOwnSecret')}
          </label>
          <input
            id={`radius-secret-${zoneId}`}
            className="field__input"
            type="password"
            autoComplete="off"
            value={ownSecret}
            onChange={(e) => setOwnSecret(e.target.value)}
            aria-describedby={`radius-secret-hint-${zoneId}`}
          />
          <p className="field__hint" id={`radius-secret-hint-${zoneId}`}>
            {t('zoneRadiusOwnSecretHint')}
          </p>
        </div>
        <div className="console-zone-form__actions">
          <button type="submit" className="button button--small" disabled={add.isPending || !value.trim()}>
            {t('zoneRadiusAdd')}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={webhook.isPending}
            onClick={() => webhook.mutate(undefined, { onSuccess: (r) => setShown({ what: 'webhook', secret: r.secret }) })}
          >
            {t(arrivals.data?.webhook ? 'zoneWebhookReplace' : 'zoneWebhookMake')}
          </button>
        </div>
      </form>
    </details>
  );
}
