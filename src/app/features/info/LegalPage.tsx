// /privacy-policy (sections 1 to 8) and /terms-and-conditions (clauses 1 to 10).
import { usePageTexts, type PageTexts } from './texts';
import './info.css';

type Doc = { title: string; updated: string; intro: string; parts: { title: string; body: string[] }[] };
const pick: Record<'privacy' | 'terms', (p: PageTexts) => Doc> = {
  privacy: (p) => ({ ...p.privacy, parts: p.privacy.sections }),
  terms: (p) => ({ ...p.terms, parts: p.terms.clauses }),
};

export function LegalPage({ doc }: { doc: 'privacy' | 'terms' }) {
  const { data } = usePageTexts();
  if (!data)
    return (
      <div className="info">
        <span className="skeleton skeleton--title" aria-hidden="true" />
      </div>
    );
  const d = pick[doc](data);
  return (
    <article className="info" data-testid={`legal-${doc}`}>
      <h1 className="info__title">{d.title}</h1>
      <p className="info__updated">{d.updated}</p>
      <p className="info__lede">{d.intro}</p>
      {d.parts.map((s) => (
        <section key={s.title} className="info__section">
          <h2>{s.title}</h2>
          {s.body.map((para) => (
            <p key={para.slice(0, 40)}>{para}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

export const PrivacyPage = () => <LegalPage doc="privacy" />;
export const TermsPage = () => <LegalPage doc="terms" />;
