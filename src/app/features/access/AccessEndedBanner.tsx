// Home's notice for a signed-in reader who cannot read: the institution's access has ended, or
// the account has no library yet. Loaded only for such a reader (home's first load stays small).
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDate } from '../../lib/locale';
import { libraryDetails, session } from '../../lib/session';
import { NextSteps } from './NextSteps';

export default function AccessEndedBanner() {
  const { t, i18n } = useTranslation();
  const library = session.institutionId() !== '0' ? libraryDetails()?.name : undefined;
  const ended = formatDate(new Date(session.expiration() * 1000), i18n.language);
  return (
    <section className="access-ended" role="status" data-testid="access-ended">
      <p>
        <strong>
          {library
            ? t('nextSteps.endedTitle', { library, date: ended, product: PRODUCT_NAME })
            : t('nextSteps.noLibraryTitle', { product: PRODUCT_NAME })}
        </strong>{' '}
        {t('nextSteps.bannerBody')}
      </p>
      <NextSteps />
    </section>
  );
}
