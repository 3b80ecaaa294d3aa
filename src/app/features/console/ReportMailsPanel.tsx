// Monthly reports by e-mail: which COUNTER report goes to which address, sent early each month for
// the last complete month as the Code's TSV file (jobs/monthly-reports.ts on the server).
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { REPORT_IDS, type ReportId } from '../../../shared/counter/reports';
import { monthHeading } from '../../../shared/counter/tabular';
import { subscriptionsQuery, useSubscriptionChange } from './reports-queries';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { formatDay } from './dates';
import { QueryProblem, useRefusalText } from './ConsoleParts';

export function ReportMailsPanel({ institutionId }: { institutionId: number }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const list = useQuery(subscriptionsQuery(institutionId));
  const add = useSubscriptionChange(institutionId);
  const remove = useSubscriptionChange(institutionId);
  const [report, setReport] = useState<ReportId>('TR');
  const [email, setEmail] = useState('');
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ report, email }, { onSuccess: (s) => (setEmail(''), showToast(t('monthlyAdded', { email: s.email, report: s.report }))) });
  };
  const full = list.data && list.data.subscriptions.length >= list.data.max;
  return (
    <section aria-labelledby="monthly-title" className="console__panel" data-testid="monthly-reports">
      <h3 id="monthly-title" className="console__subheading">
        {t('monthlyTitle')}
      </h3>
      <p className="console__note">{t('monthlyIntro')}</p>
      {list.error ? (
        <QueryProblem error={list.error} retry={list.refetch} />
      ) : !list.data ? (
        <span className="skeleton skeleton--title" aria-hidden="true" />
      ) : list.data.subscriptions.length ? (
        <ul className="console-domains" data-testid="monthly-list">
          {list.data.subscriptions.map((s) => (
            <li key={s.id}>
              <div className="console-domain__head">
                <span className="console-domain__name">
                  {s.report} · {t(`report_${s.report}` as ConsoleTextKey)}
                  <span className="console-domain__owner"> → {s.email}</span>
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={remove.isPending}
                  aria-label={t('monthlyRemoveLabel', { report: s.report, email: s.email })}
                  onClick={() => remove.mutate({ id: s.id }, { onSuccess: () => showToast(t('monthlyRemoved')) })}
                  data-testid="monthly-remove"
                >
                  {t('monthlyRemove')}
                </button>
              </div>
              <p className="console__note">
                {s.lastMonth && s.lastSentAt
                  ? t('monthlyLast', { month: monthHeading(s.lastMonth), date: formatDay(s.lastSentAt, lang) })
                  : t('monthlyNotYet')}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="console__empty">{t('monthlyNone')}</p>
      )}
      {remove.error && (
        <p className="form-error" role="alert">
          {refusal(remove.error)}
        </p>
      )}
      {full ? (
        <p className="console__note">{t('monthlyMax', { max: list.data.max })}</p>
      ) : (
        <form className="console-form console-form--inline console-monthly__form" onSubmit={onAdd} noValidate>
          <label className="field">
            <span className="field__label">{t('reportChoice')}</span>
            <select
              className="field__input"
              value={report}
              onChange={(e) => setReport(e.target.value as ReportId)}
              data-testid="monthly-report"
            >
              {REPORT_IDS.map((r) => (
                <option key={r} value={r}>
                  {`${r} · ${t(`report_${r}` as ConsoleTextKey)}`}
                </option>
              ))}
            </select>
          </label>
          <Field
            label={t('monthlyEmail')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={add.error ? refusal(add.error) : null}
            autoComplete="email"
            data-testid="monthly-email"
          />
          <button type="submit" className="button" disabled={add.isPending || !email.trim()} data-testid="monthly-add">
            {t('monthlyAdd')}
          </button>
        </form>
      )}
    </section>
  );
}
