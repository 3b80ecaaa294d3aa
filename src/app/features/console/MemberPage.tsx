// A member's page in the console: how they sign in, their signed-in devices and the devices
// holding downloads, what they read last; extending their access and removing them.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MemberDetail } from '../../../shared/schemas/console-members';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';
import { Problem, statusOf } from './ConsoleParts';
import { memberQuery, useExtendAccess, useRemoveMember } from './members-queries';
import { accessText, dayAfter, formatDay, formatLastDay, lastDayOf } from './dates';

export function MemberPage({ institutionId, memberId }: { institutionId: number; memberId: number }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const [params] = useSearchParams();
  const back = new URLSearchParams(params);
  back.delete('member');
  const member = useQuery(memberQuery(institutionId, memberId));
  const [removedName, setRemovedName] = useState<string | null>(null);
  const backLink = (
    <Link to={`?${back}`} className="member__back" data-testid="member-back">
      ← {t('backToMembers')}
    </Link>
  );
  if (removedName !== null)
    return (
      <div className="member">
        {backLink}
        <p role="status" className="console__panel" data-testid="member-removed">
          {t('removed', { name: removedName })}
        </p>
      </div>
    );
  if (member.error) {
    const status = statusOf(member.error);
    const text = status === 403 ? t('otherInstitution') : status === 404 || status === 400 ? t('noMember') : t('loadFailed');
    return (
      <div className="member">
        {backLink}
        <Problem text={text} retry={status >= 500 || status === 0 ? member.refetch : undefined} />
      </div>
    );
  }
  const m = member.data;
  if (!m) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const name = m.name || t('unnamed');
  return (
    <article className="member" aria-labelledby="member-name" data-testid="member-page">
      {backLink}
      <h2 id="member-name" className="console__heading">
        {name} <span className={`members__status members__status--${m.status}`}>{t(`status_${m.status}`)}</span>
      </h2>
      <p className="console__note">
        {[m.email, m.mobile].filter(Boolean).join(' · ')}
        {' · '}
        {t('accountSince', { date: formatDay(m.joinedAt, lang) })}
      </p>
      <div className="member__grid">
        <section className="console__panel" aria-labelledby="member-ways">
          <h3 id="member-ways" className="console__subheading">
            {t('signInWays')}
          </h3>
          <ul className="member__facts" data-testid="member-ways">
            {m.signInWays.email && <li>{t('wayEmail', { email: m.email })}</li>}
            {m.signInWays.mobile && <li>{t('wayMobile', { mobile: m.mobile })}</li>}
            {m.signInWays.password && <li>{t('wayPassword')}</li>}
            {m.signInWays.accessCode && <li>{t('wayCode', { code: m.signInWays.accessCode })}</li>}
          </ul>
        </section>
        <section className="console__panel" aria-labelledby="member-reading">
          <h3 id="member-reading" className="console__subheading">
            {t('lastRead')}
          </h3>
          <p data-testid="member-last-read">
            {!m.shown.reading
              ? t('readingPrivate')
              : m.lastRead
                ? t('lastReadLine', { title: m.lastRead.title, date: formatDay(m.lastRead.at, lang) })
                : t('neverRead')}
          </p>
          <p className="console__note">{m.accessEndsAt ? accessText(m.accessEndsAt, t, lang) : t('status_pending')}</p>
        </section>
        {m.shown.devices ? (
          <>
            <section className="console__panel" aria-labelledby="member-sessions">
              <h3 id="member-sessions" className="console__subheading">
                {t('sessions')}
              </h3>
              {m.sessions.length ? (
                <ul className="member__facts">
                  {m.sessions.map((s, i) => (
                    <li key={i}>{t('sessionLine', { device: s.device || t('unknownDevice'), date: formatDay(s.lastSeenAt, lang) })}</li>
                  ))}
                </ul>
              ) : (
                <p className="console__empty">{t('noSessions')}</p>
              )}
            </section>
            <section className="console__panel" aria-labelledby="member-devices">
              <h3 id="member-devices" className="console__subheading">
                {t('devices')}
              </h3>
              {m.devices.length ? (
                <ul className="member__facts" data-testid="member-devices">
                  {m.devices.map((d) => (
                    <li key={d.label}>{t('deviceLine', { device: d.label, count: d.downloads, date: formatDay(d.lastAt, lang) })}</li>
                  ))}
                </ul>
              ) : (
                <p className="console__empty">{t('noDevices')}</p>
              )}
            </section>
          </>
        ) : (
          <section className="console__panel" aria-labelledby="member-sessions">
            <h3 id="member-sessions" className="console__subheading">
              {t('sessions')}
            </h3>
            <p className="console__empty" data-testid="member-devices-private">
              {t('devicesPrivate')}
            </p>
          </section>
        )}
      </div>
      {m.accessEndsAt && <ExtendForm institutionId={institutionId} m={m} />}
      {m.accessEndsAt && <RemoveMember institutionId={institutionId} m={m} onRemoved={() => setRemovedName(name)} />}
    </article>
  );
}

function ExtendForm({ institutionId, m }: { institutionId: number; m: MemberDetail }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const extend = useExtendAccess(institutionId, m.id);
  const today = new Date().toISOString().slice(0, 10);
  const after = dayAfter(lastDayOf(m.accessEndsAt!));
  const min = after > today ? after : today;
  const max = m.subscriptionEndsAt.slice(0, 10);
  const [until, setUntil] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (until) extend.mutate(until);
  };
  if (min > max)
    return (
      <section className="console__panel member__action">
        <h3 className="console__subheading">{t('extendTitle')}</h3>
        <p className="console__empty">{t('extendNoRoom', { date: formatLastDay(m.subscriptionEndsAt, lang) })}</p>
      </section>
    );
  return (
    <form className="console__panel member__action" onSubmit={submit} data-testid="member-extend">
      <h3 className="console__subheading">{t('extendTitle')}</h3>
      <p className="console__note">{t('extendExplain', { date: formatLastDay(m.subscriptionEndsAt, lang) })}</p>
      <div className="member__row">
        <label className="field">
          <span className="field__label">{t('extendDate')}</span>
          <input
            type="date"
            className="field__input"
            required
            min={min}
            max={max}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={!until || extend.isPending}>
          {t('extendSubmit')}
        </button>
      </div>
      {extend.isSuccess && m.accessEndsAt && (
        <p role="status" data-testid="member-extended">
          {t('extended', { date: formatLastDay(m.accessEndsAt, lang) })}
        </p>
      )}
      {extend.isError && (
        <p className="form-error" role="alert">
          {t('extendFailed', { from: formatDay(`${min}T00:00:00Z`, lang), to: formatLastDay(m.subscriptionEndsAt, lang) })}
        </p>
      )}
    </form>
  );
}

function RemoveMember({ institutionId, m, onRemoved }: { institutionId: number; m: MemberDetail; onRemoved: () => void }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const remove = useRemoveMember(institutionId, m.id);
  const [asking, setAsking] = useState(false);
  return (
    <section className="console__panel member__action" aria-labelledby="member-remove">
      <h3 id="member-remove" className="console__subheading">
        {t('removeTitle')}
      </h3>
      <p className="console__note">{t('removeExplain')}</p>
      {asking ? (
        <div className="member__row" role="group" aria-label={t('removeConfirm', { name: m.name || t('unnamed') })}>
          <span>{t('removeConfirm', { name: m.name || t('unnamed') })}</span>
          <button
            type="button"
            className="button member__danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: onRemoved })}
          >
            {t('removeYes')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="button button--ghost member__danger-ghost" onClick={() => setAsking(true)}>
          {t('removeButton')}
        </button>
      )}
      {remove.isError && (
        <p className="form-error" role="alert">
          {t('actionFailed')}
        </p>
      )}
    </section>
  );
}
