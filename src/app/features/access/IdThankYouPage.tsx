// /uploadId/thankyou: the ID went to the librarian; what happens next.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useLocalePath } from '../../components/useLocalePath';

export default function IdThankYouPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <AuthCard title={t('idUpload.thanksTitle')} lede={t('idUpload.thanksBody')}>
      <Link className="button button--wide" to={to('/')}>
        {t('notFound.home')}
      </Link>
    </AuthCard>
  );
}
