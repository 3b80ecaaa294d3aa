import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from './useLocalePath';

export default function NotFound() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button" to={to('/')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
