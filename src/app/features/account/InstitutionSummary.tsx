// The reader's institution with its logo (1x/2x/3x) and the date their access ends.
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/schemas/account';
import { formatDate } from '../../lib/locale';
import { lastAccessDay } from '../../../shared/labels';

export function InstitutionSummary({ user }: { user: UserInfo | undefined }) {
  const { t, i18n } = useTranslation();
  if (!user) return <div className="skeleton institution-skeleton" aria-hidden="true" />;
  if (!user.libraryDetails) return <p className="notice">{t('account.noInstitution')}</p>;
  const { logo1, logo2, logo3, name } = user.libraryDetails;
  const ends = formatDate(lastAccessDay(user.enddate * 1000), i18n.language);
  const active = user.isLibContentAvailable === 1;
  return (
    <div className="institution" data-testid="institution">
      {logo1 && <img src={logo1} srcSet={`${logo1} 1x, ${logo2} 2x, ${logo3} 3x`} alt="" width={120} height={40} />}
      <div>
        <p className="institution__name">{name}</p>
        <p className="institution__ends">{t(active ? 'account.accessUntil' : 'account.accessEnded', { date: ends })}</p>
      </div>
    </div>
  );
}
