// SUSHI and KBART: where a harvester fetches the COUNTER reports, and the institution's named
// requestors (one per tool: CELUS, Alma, ...), each with its own requestor_id and an api_key shown
// once when made; a new key or a revocation is confirmed first, as the old key stops at once.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { IssuedSushiKey, SushiRequestor } from '../../../shared/schemas/console-reports';
import { downloadText, fetchKbart, sushiQuery, useRevokeSushi, useSushiKey } from './reports-queries';
import { consoleTexts } from './texts';
import { formatDay } from './dates';
import { Problem, statusOf, useRefusalText, type SectionProps } from './ConsoleParts';
import { devanagariMark } from '../../../shared/devanagari-font';

type Confirming = { id: number; what: 'key' | 'revoke' } | null;

function RequestorItem({
  r,
  confirming,
  setConfirming,
  onNewKey,
  onRevoke,
  busy,
}: {
  r: SushiRequestor;
  confirming: Confirming;
  setConfirming: (c: Confirming) => void;
  onNewKey: () => void;
  onRevoke: () => void;
  busy: boolean;
}) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const asking = confirming?.id === r.id ? confirming.what : null;
  return (
    <li data-testid="sushi-requestor">
      <div className="console-domain__head">
        <span className="console-domain__name" {...devanagariMark(r.name)}>
          {r.name}
        </span>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setConfirming({ id: r.id, what: 'key' })}
          aria-label={t('requestorNewKeyOf', { name: r.name })}
          data-testid="sushi-new-key"
        >
          {t('requestorNewKey')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setConfirming({ id: r.id, what: 'revoke' })}
          aria-label={t('requestorRevokeOf', { name: r.name })}
          data-testid="sushi-revoke"
        >
          {t('requestorRevoke')}
        </button>
      </div>
      <p className="console__note">
        requestor_id <code>{r.requestorId}</code>
      </p>
      <p className="console__note">
        {t('requestorMade', { date: formatDay(r.createdAt, lang) })} ·{' '}
        {r.lastUsedAt ? t('requestorUsed', { date: formatDay(r.lastUsedAt, lang) }) : t('requestorNeverUsed')}
      </p>
      {asking && (
        <div className="console-domain__proof" role="alertdialog" aria-label={t(asking === 'key' ? 'requestorNewKey' : 'requestorRevoke')}>
          <p>{t(asking === 'key' ? 'confirmNewKey' : 'confirmRevoke', { name: r.name })}</p>
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={asking === 'key' ? onNewKey : onRevoke}
            data-testid="sushi-confirm"
          >
            {t(asking === 'key' ? 'confirmNewKeyButton' : 'confirmRevokeButton')}
          </button>{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(null)}>
            {t('cancel')}
          </button>
        </div>
      )}
    </li>
  );
}

export function HarvestSection({ institutionId }: SectionProps) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const sushi = useQuery(sushiQuery(institutionId));
  const key = useSushiKey(institutionId);
  const revoke = useRevokeSushi(institutionId);
  const [issued, setIssued] = useState<IssuedSushiKey | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [name, setName] = useState('');
  const [kbart, setKbart] = useState<'idle' | 'busy' | 'failed'>('idle');
  if (sushi.error)
    return statusOf(sushi.error) === 403 ? (
      <Problem text={t('otherInstitution')} />
    ) : (
      <Problem text={t('loadFailed')} retry={sushi.refetch} />
    );
  const s = sushi.data;
  if (!s) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const getKbart = async () => {
    setKbart('busy');
    try {
      const file = await fetchKbart(institutionId);
      downloadText(file.fileName, file.text, 'text/tab-separated-values');
      setKbart('idle');
    } catch {
      setKbart('failed');
    }
  };
  const onIssued = (k: IssuedSushiKey) => {
    setIssued(k);
    setConfirming(null);
  };
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    key.mutate({ name }, { onSuccess: (k) => (onIssued(k), setName('')) });
  };
  const full = s.requestors.length >= s.max;
  return (
    <section aria-labelledby="harvest-title" className="console__section">
      <h2 id="harvest-title" className="console__heading">
        {t('harvest')}
      </h2>
      <div className="console__columns console__columns--even">
        <section aria-labelledby="sushi-title" className="console__panel">
          <h3 id="sushi-title" className="console__subheading">
            {t('sushiTitle')}
          </h3>
          <p>{t('sushiIntro')}</p>
          <dl className="console-creds" data-testid="sushi-credentials">
            <div>
              <dt>{t('sushiUrl')}</dt>
              <dd>
                <code>{s.url}</code>
              </dd>
            </div>
            <div>
              <dt>customer_id</dt>
              <dd>
                <code data-testid="sushi-customer_id">{s.customerId}</code>
              </dd>
            </div>
          </dl>
          {issued && (
            <div className="console-domain__proof" role="status" data-testid="sushi-issued">
              <p>
                <strong>{t('issuedKeyTitle', { name: issued.requestor.name })}</strong>
              </p>
              <dl className="console-creds">
                <div>
                  <dt>requestor_id</dt>
                  <dd>
                    <code data-testid="sushi-requestor_id">{issued.requestor.requestorId}</code>
                  </dd>
                </div>
                <div>
                  <dt>api_key</dt>
                  <dd>
                    <code data-testid="sushi-api_key">{issued.apiKey}</code>
                  </dd>
                </div>
              </dl>
              <p className="console__note">{t('keyOnce')}</p>
            </div>
          )}
          <h4 className="console__subheading">{t('requestors')}</h4>
          {s.requestors.length ? (
            <ul className="console-domains" data-testid="sushi-requestors">
              {s.requestors.map((r) => (
                <RequestorItem
                  key={r.id}
                  r={r}
                  confirming={confirming}
                  setConfirming={setConfirming}
                  busy={key.isPending || revoke.isPending}
                  onNewKey={() => key.mutate({ id: r.id }, { onSuccess: onIssued })}
                  onRevoke={() =>
                    revoke.mutate(r.id, {
                      onSuccess: () => {
                        setConfirming(null);
                        if (issued?.requestor.id === r.id) setIssued(null);
                        showToast(t('requestorRevoked', { name: r.name }));
                      },
                    })
                  }
                />
              ))}
            </ul>
          ) : (
            <p className="console__empty">{t('sushiNone')}</p>
          )}
          {(revoke.error || (key.error && confirming)) && <Problem text={refusal((revoke.error ?? key.error)!)} />}
          {full ? (
            <p className="console__note">{t('requestorsMax', { max: s.max })}</p>
          ) : (
            <form className="console-form console-form--inline" onSubmit={onAdd} noValidate>
              <Field
                label={t('requestorName')}
                hint={t('requestorNameHint')}
                value={name}
                maxLength={60}
                onChange={(e) => setName(e.target.value)}
                error={key.error && !confirming ? refusal(key.error) : null}
                autoComplete="off"
                data-testid="sushi-requestor-name"
              />
              <button type="submit" className="button" disabled={key.isPending || !name.trim()} data-testid="sushi-add">
                {t('requestorAdd')}
              </button>
            </form>
          )}
        </section>
        <section aria-labelledby="kbart-title" className="console__panel">
          <h3 id="kbart-title" className="console__subheading">
            {t('kbartTitle')}
          </h3>
          <p>{t('kbartIntro')}</p>
          <button type="button" className="button" disabled={kbart === 'busy'} onClick={getKbart} data-testid="kbart-download">
            {t('kbartDownload')}
          </button>
          {kbart === 'failed' && <Problem text={t('loadFailed')} />}
          <p className="console__note">{t('kbartApi', { url: s.kbartUrl })}</p>
        </section>
      </div>
    </section>
  );
}
