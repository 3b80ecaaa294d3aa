// SUSHI and KBART: where a harvester fetches the COUNTER reports and with which credentials
// (customer_id, requestor_id and an api_key shown once after each rotation), and the holdings file.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { downloadText, fetchKbart, sushiQuery, useRotateSushi } from './reports-queries';
import { consoleTexts } from './texts';
import { Problem, statusOf, type SectionProps } from './ConsoleParts';

export function HarvestSection({ institutionId }: SectionProps) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const sushi = useQuery(sushiQuery(institutionId));
  const rotate = useRotateSushi(institutionId);
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
  const hiddenKey = t('keyHidden');
  const fields: [string, string | null][] = [
    [t('sushiUrl'), s.url],
    ['customer_id', s.customerId],
    ['requestor_id', s.requestorId],
    ['api_key', s.apiKey ?? hiddenKey],
  ];
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
          {s.customerId ? (
            <dl className="console-creds" data-testid="sushi-credentials">
              {fields.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd data-testid={`sushi-${label}`}>
                    {/* The hidden key's note is text, not code: the monospace font has no Devanagari. */}
                    {value === hiddenKey ? <span className="console__empty">{value}</span> : <code>{value}</code>}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="console__empty">{t('sushiNone')}</p>
          )}
          {s.apiKey && (
            <p className="console__note" role="status">
              {t('keyOnce')}
            </p>
          )}
          {rotate.isError && <Problem text={t('loadFailed')} />}
          <button type="button" className="button" disabled={rotate.isPending} onClick={() => rotate.mutate()} data-testid="sushi-rotate">
            {s.customerId ? t('sushiRotate') : t('sushiCreate')}
          </button>
          {s.customerId && <p className="console__note">{t('rotateNote')}</p>}
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
