// My Account: the Wi-Fi identities a member links (an eduroam user name such as
// s1234567@campus.ac.in, or whatever their venue's Wi-Fi reports), so that the venue's network can
// start their zone pass when they walk in with Lectern closed. The consent is said in plain words
// before anything is stored: what is kept, who sends it, what it is used for, how to remove it.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useErrorText } from '../../lib/errors';
import { formatDate } from '../../lib/locale';
import { useChangeWifiIdentity } from './mutations';
import { wifiIdentitiesQuery } from './queries';

export function WifiIdentities() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const list = useQuery(wifiIdentitiesQuery());
  const [identity, setIdentity] = useState('');
  const [agreed, setAgreed] = useState(false);
  const change = useChangeWifiIdentity();
  const items = list.data?.identities ?? [];
  const max = list.data?.max ?? 5;
  const full = items.length >= max;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!identity.trim() || !agreed) return;
    change.mutate(
      { identity: identity.trim() },
      {
        onSuccess: () => {
          setIdentity('');
          setAgreed(false);
        },
      },
    );
  }

  return (
    <section className="sessions wifi-link" aria-labelledby="wifi-link-title" data-testid="wifi-link">
      <h2 id="wifi-link-title" className="account__subtitle">
        {t('wifiLink.title')}
      </h2>
      <p className="account__note">{t('wifiLink.lede')}</p>
      <ul className="wifi-link__consent">
        <li>{t('wifiLink.stored')}</li>
        <li>{t('wifiLink.sender')}</li>
        <li>{t('wifiLink.use')}</li>
        <li>{t('wifiLink.remove')}</li>
      </ul>
      {(list.isError || change.isError) && (
        <p className="form-error" role="alert">
          {errorText(list.error ?? change.error)}
        </p>
      )}
      {items.length > 0 && (
        <ul className="sessions__list">
          {items.map((i) => (
            <li key={i.identity} className="sessions__item" data-testid="wifi-identity">
              <div className="sessions__what">
                <span className="sessions__device">{i.identity}</span>
                <span className="sessions__meta">{t('wifiLink.since', { date: formatDate(i.createdAt, i18n.language) })}</span>
              </div>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={change.isPending}
                onClick={() => change.mutate({ identity: i.identity, remove: true })}
                aria-label={t('wifiLink.unlinkOne', { identity: i.identity })}
              >
                {t('wifiLink.unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="account__note">{t('wifiLink.full', { count: max })}</p>
      ) : (
        <form className="account__form" onSubmit={onSubmit} noValidate>
          <Field
            label={t('wifiLink.field')}
            hint={t('wifiLink.hint')}
            name="wifi-identity"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={identity}
            onChange={(e) => setIdentity(e.target.value)}
          />
          <label className="wifi-link__agree">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            <span>{t('wifiLink.agree')}</span>
          </label>
          <button type="submit" className="button" disabled={change.isPending || !identity.trim() || !agreed}>
            {t('wifiLink.link')}
          </button>
        </form>
      )}
    </section>
  );
}
