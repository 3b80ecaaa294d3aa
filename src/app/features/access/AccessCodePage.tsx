// /accesscode: the access-code prompt on its own page.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useLocalePath } from '../../components/useLocalePath';
import { AccessCodeForm } from './AccessCodeForm';
import { appPaths } from '../../../shared/app-paths';

export default function AccessCodePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <AuthCard title={t('accessCode.title')} lede={t('accessCode.lede')}>
      <AccessCodeForm />
      <div className="auth-links">
        <Link to={to(appPaths.login)}>{t('accessCode.signIn')}</Link>
      </div>
    </AuthCard>
  );
}
