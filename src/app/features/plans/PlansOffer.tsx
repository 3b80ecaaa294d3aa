// The no-access screen's way in without an institution: the plans.
import { Link } from 'react-router';
import { useLocalePath } from '../../components/useLocalePath';
import { usePlansTexts } from './texts';

export function PlansOffer() {
  const { t, ready } = usePlansTexts();
  const to = useLocalePath();
  if (!ready) return null;
  return (
    <section className="plans-offer" data-testid="plans-offer">
      <h2 className="auth__subtitle auth__subtitle--spaced">{t('offer.title')}</h2>
      <p>{t('offer.body')}</p>
      <Link className="button button--wide" to={to('/plans')}>
        {t('offer.link')}
      </Link>
    </section>
  );
}
