// The no-access screen's way in without an institution: the plans, or, for a reader whose paid
// plan is running (who lands here only before the app has stored the plan), where it stands.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLocalePath } from '../../components/useLocalePath';
import { usePlansTexts } from './texts';
import { ordersQuery } from './queries';
import { formatDate, planName } from './format';
import { appPaths } from '../../../shared/app-paths';

export function PlansOffer() {
  const { t, lang, ready } = usePlansTexts();
  const to = useLocalePath();
  const { data: running } = useQuery({
    ...ordersQuery(),
    select: (d) => d.orders.find((o) => o.state === 'paid' && o.endsAt && Date.parse(o.endsAt) > Date.now()),
  });
  if (!ready) return null;
  return (
    <section className="plans-offer" data-testid="plans-offer">
      <h2 className="auth__subtitle auth__subtitle--spaced">{running ? t('offer.activeTitle') : t('offer.title')}</h2>
      <p>{running ? t('offer.activeBody', { plan: planName(running, lang), date: formatDate(running.endsAt!, lang) }) : t('offer.body')}</p>
      <Link className="button button--wide" to={to(running ? appPaths.home : appPaths.plans)}>
        {running ? t('offer.read') : t('offer.link')}
      </Link>
    </section>
  );
}
