// /faq: questions that open to their answers (some with a link to the screen they talk about).
import { Link } from 'react-router';
import { useLocalePath } from '../../components/useLocalePath';
import { usePageTexts } from './texts';
import './info.css';

export default function FaqPage() {
  const { data } = usePageTexts();
  const to = useLocalePath();
  if (!data)
    return (
      <div className="info">
        <span className="skeleton skeleton--title" aria-hidden="true" />
      </div>
    );
  return (
    <article className="info">
      <h1 className="info__title">{data.faq.title}</h1>
      <div className="faq">
        {data.faq.items.map((item) => (
          <details key={item.q} className="faq__item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
            {'link' in item && item.link && (
              <p>
                <Link className="faq__link" to={to(item.link.to)}>
                  {item.link.text}
                </Link>
              </p>
            )}
          </details>
        ))}
      </div>
    </article>
  );
}
