// /plans/orders: the reader's orders, newest first, with their state and reading period. It sits
// under /plans (a public path) rather than /dashboard, so a reader with no institution, whom the
// account area turns away (lib/access.ts), can still see what they bought.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLocalePath } from '../../components/useLocalePath';
import { session } from '../../lib/session';
import { usePlansTexts } from './texts';
import { ordersQuery } from './queries';
import { formatDate, formatPrice, planName } from './format';
import './plans.css';
import { appPaths } from '../../../shared/app-paths';

export default function OrdersPage() {
  const { t, lang, ready } = usePlansTexts();
  const to = useLocalePath();
  const orders = useQuery(ordersQuery());
  if (!ready) return null;
  return (
    <article className="plans" data-testid="orders">
      <h1 className="plans__title">{t('orders.title')}</h1>
      {!session.isLoggedIn() ? (
        <p>
          {t('orders.signIn')} <Link to={to(appPaths.login)}>{t('result.signIn')}</Link>
        </p>
      ) : orders.data?.orders.length === 0 ? (
        <p>{t('orders.empty')}</p>
      ) : (
        <ul className="orders">
          {orders.data?.orders.map((o) => (
            <li key={o.order} className="order" data-testid="order">
              <div>
                <strong>{planName(o, lang)}</strong>
                <span className="order__meta">{t('orders.placed', { date: formatDate(o.createdAt, lang) })}</span>
                {o.state === 'paid' && o.endsAt && (
                  <span className="order__meta">{t('orders.until', { date: formatDate(o.endsAt, lang) })}</span>
                )}
              </div>
              <div className="order__end">
                <span>{formatPrice(o.amountMinor, o.currency, lang)}</span>
                <span className={`order__state order__state--${o.state}`}>{t(`orders.state.${o.state}`)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={to(appPaths.plans)}>{t('title')}</Link>
      </p>
    </article>
  );
}
