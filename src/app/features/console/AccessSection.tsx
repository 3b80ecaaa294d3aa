// The console's access section: the subscription (read-only for librarians: Lectern sets it), the
// e-mail domains that let readers in, the campus networks (IP access), and the access codes.
import { useQuery } from '@tanstack/react-query';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { accessQuery } from './access-queries';
import { consoleTexts } from './texts';
import { QueryProblem, type SectionProps } from './ConsoleParts';
import { DomainsPanel } from './DomainsPanel';
import { CodesPanel } from './CodesPanel';
import { IpRangesPanel } from './IpRangesPanel';
import { useDay } from './useDay';

export function AccessSection({ institutionId, me }: SectionProps) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const day = useDay();
  const access = useQuery(accessQuery(institutionId));
  if (access.error) return <QueryProblem error={access.error} retry={access.refetch} />;
  const a = access.data;
  if (!a) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const s = a.subscription;
  const sections = [t('sectionMagazines'), s.newspapers && t('sectionNewspapers'), s.journals && t('sectionJournals')].filter(Boolean);
  return (
    <>
      <section aria-labelledby="subscription-title" className="console__section">
        <h2 id="subscription-title" className="console__heading">
          {t('subscription')}
        </h2>
        <dl className="console-facts" data-testid="subscription">
          <div>
            <dt>{t('subscriptionPeriod')}</dt>
            <dd>{t('fromTo', { from: day(s.startsOn), to: day(s.endsOn) })}</dd>
          </div>
          <div>
            <dt>{t('subscriptionState')}</dt>
            <dd>{s.active ? t('subscriptionActive') : t('subscriptionEnded')}</dd>
          </div>
          <div>
            <dt>{t('subscriptionSections')}</dt>
            <dd>{sections.join(', ')}</dd>
          </div>
        </dl>
        {me.role === 'librarian' && <p className="console__note">{t('subscriptionReadOnly')}</p>}
      </section>
      <DomainsPanel institutionId={institutionId} domains={a.domains} />
      <IpRangesPanel institutionId={institutionId} admin={me.role === 'admin'} />
      <CodesPanel institutionId={institutionId} access={a} />
    </>
  );
}
