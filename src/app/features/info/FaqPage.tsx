// /faq: questions that open to their answers.
import { usePageTexts } from './texts';
import './info.css';

export default function FaqPage() {
  const { data } = usePageTexts();
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
          </details>
        ))}
      </div>
    </article>
  );
}
