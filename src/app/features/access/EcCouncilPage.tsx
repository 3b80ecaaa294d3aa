// /ec-council: the spec names this public route and nothing more. We made it the landing page
// of a partner programme: members of EC-Council read with an access code from the partner.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { AccessCodeForm } from './AccessCodeForm';
import '../../components/forms.css';
import '../info/info.css';
import { appPaths } from '../../../shared/app-paths';

export default function EcCouncilPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <article className="info" data-testid="ec-council">
      <h1 className="info__title">{t('partner.title')}</h1>
      <p className="info__lede">{t('partner.lede')}</p>
      <section className="info__section">
        <h2>{t('partner.codeTitle')}</h2>
        <p>{t('partner.codeBody')}</p>
        <AccessCodeForm />
      </section>
      <div className="info__actions">
        <Link className="button button--ghost" to={to(appPaths.journals)}>
          {t('partner.journals')}
        </Link>
        <Link className="button button--ghost" to={to(appPaths.contact)}>
          {t('info.contact')}
        </Link>
      </div>
    </article>
  );
}
