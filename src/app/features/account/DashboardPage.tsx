// /dashboard: who is signed in, through which institution and until when, and the account menu.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { AccountLayout } from './AccountLayout';
import { NoData, hasNoData } from '../../components/NoData';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { accountAreaLinks } from '../../components/accountLinks';
import { detailsQuery } from './queries';
import { InstitutionSummary } from './InstitutionSummary';
import { OrdersCard } from '../plans/OrdersCard';
import { appPaths } from '../../../shared/app-paths';

export default function DashboardPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const details = useQuery(detailsQuery());
  const user = details.data;
  const name = user ? `${user.fname} ${user.lname}`.trim() : '';
  return (
    <AccountLayout title={name ? t('account.hello', { name }) : t('account.links.dashboard')}>
      {hasNoData(details) ? <NoData query={details} /> : <InstitutionSummary user={user} />}
      <ul className="account__cards">
        {accountAreaLinks().map((l) => (
          <li key={l.key}>
            <Link className="account__card" to={to(l.to)}>
              {t(`account.links.${l.key}`)}
              <span>{t(`account.blurbs.${l.key}`)}</span>
            </Link>
          </li>
        ))}
        <OrdersCard />
        {/* The alternate account menu's Provide Feedback (spec §2): a mail to support. */}
        <li>
          <a
            className="account__card"
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('feedback.subject'))}`}
            data-testid="feedback"
          >
            {t('feedback.link')}
            <span>{t('feedback.blurb')}</span>
          </a>
        </li>
        {user?.consoleRole && (
          <li>
            <Link className="account__card" to={to(appPaths.console)}>
              {t('libraryConsole.link')}
              <span>{t('libraryConsole.blurb')}</span>
            </Link>
          </li>
        )}
      </ul>
    </AccountLayout>
  );
}
