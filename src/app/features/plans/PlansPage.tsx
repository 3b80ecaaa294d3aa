// /plans: the personal plans on sale with their price, period and what they open, the checkout
// button (or "payments are not configured"), and the legal points of spec §1 (taxes are the
// buyer's; all sales final).
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLocalePath } from '../../components/useLocalePath';
import { ApiError } from '../../lib/api';
import { isGuest, session } from '../../lib/session';
import { usePlansTexts } from './texts';
import { plansQuery } from './queries';
import { useCheckout } from './mutations';
import { formatPrice, opensKeys, planName } from './format';
import './plans.css';
import { appPaths } from '../../../shared/app-paths';

const KNOWN_ERRORS = ['payments_not_configured', 'institution_active', 'sign_in_required', 'provider_unavailable'] as const;

export default function PlansPage() {
  const { t, lang, ready } = usePlansTexts();
  const to = useLocalePath();
  const plans = useQuery(plansQuery());
  const checkout = useCheckout(lang);
  const canBuy = session.isLoggedIn() && !isGuest();
  if (!ready) return null;
  const err = checkout.error;
  const errorCode = err instanceof ApiError && (KNOWN_ERRORS as readonly string[]).includes(err.code) ? err.code : 'other';
  return (
    <article className="plans" data-testid="plans">
      <h1 className="plans__title">{t('title')}</h1>
      <p className="plans__lede">{t('lede')}</p>
      {plans.data && !plans.data.configured && (
        <p className="notice" role="status" data-testid="payments-not-configured">
          {t('notConfigured')}
        </p>
      )}
      {err && (
        <p className="notice notice--error" role="alert">
          {t(`errors.${errorCode as (typeof KNOWN_ERRORS)[number] | 'other'}`)}
        </p>
      )}
      <ul className="plans__list">
        {plans.data?.plans.map((p) => (
          <li key={p.id} className="plan" data-testid={`plan-${p.code}`}>
            <h2 className="plan__name">{planName(p, lang)}</h2>
            <p className="plan__price">
              {formatPrice(p.priceMinor, p.currency, lang)}
              <span className="plan__period"> / {t('period', { count: p.periodDays })}</span>
            </p>
            <ul className="plan__opens">
              {opensKeys(p.opens).map((k) => (
                <li key={k}>{t(`opens.${k}`)}</li>
              ))}
            </ul>
            {!plans.data.configured ? null : canBuy ? (
              <button
                type="button"
                className="button button--wide"
                disabled={checkout.isPending || checkout.isSuccess}
                onClick={() => checkout.mutate(p.id)}
              >
                {checkout.isPending && checkout.variables === p.id ? t('buying') : t('buy')}
              </button>
            ) : (
              <Link className="button button--ghost button--wide" to={to(appPaths.login)}>
                {t('signInToBuy')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p className="plans__legal">
        {t('legal')} <Link to={to(appPaths.terms)}>{t('terms')}</Link>
      </p>
      {canBuy && (
        <p>
          <Link to={to(appPaths.orders)}>{t('orders.link')}</Link>
        </p>
      )}
    </article>
  );
}
