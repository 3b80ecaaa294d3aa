// The account area's way to the reader's orders (they live under /plans: see OrdersPage).
import { Link } from 'react-router';
import { useLocalePath } from '../../components/useLocalePath';
import { isGuest } from '../../lib/session';
import { usePlansTexts } from './texts';
import { appPaths } from '../../../shared/app-paths';

export function OrdersCard() {
  const { t, ready } = usePlansTexts();
  const to = useLocalePath();
  if (!ready || isGuest()) return null;
  return (
    <li>
      <Link className="account__card" to={to(appPaths.orders)}>
        {t('orders.link')}
        <span>{t('orders.blurb')}</span>
      </Link>
    </li>
  );
}
