// /helpsupport: the common problems, then the FAQ, the contact form and the support address.
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { useLocalePath } from '../../components/useLocalePath';
import { usePageTexts } from './texts';
import './info.css';
import { appPaths } from '../../../shared/app-paths';

export default function HelpPage() {
  const { data } = usePageTexts();
  const to = useLocalePath();
  if (!data)
    return (
      <div className="info">
        <span className="skeleton skeleton--title" aria-hidden="true" />
      </div>
    );
  const h = data.help;
  return (
    <article className="info">
      <h1 className="info__title">{h.title}</h1>
      <p className="info__lede">{h.intro}</p>
      <div className="help-topics">
        {h.topics.map((topic) => (
          <section key={topic.title} className="help-topic">
            <h2>{topic.title}</h2>
            <p>{topic.body}</p>
          </section>
        ))}
      </div>
      <div className="info__actions">
        <Link className="button" to={to(appPaths.faq)}>
          {h.faqLink}
        </Link>
        <Link className="button button--ghost" to={to(appPaths.contact)}>
          {h.contactLink}
        </Link>
      </div>
      <p className="info__mail">
        {h.mail.replace('{{email}}', SUPPORT_EMAIL)} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </article>
  );
}
