// A domain's state as a badge: waiting for proof, proven by another institution, or counting
// (verified by DNS, approved by Lectern, or kept from before ownership was checked) since a day.
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { InstitutionDomain } from '../../../shared/schemas/console-access';
import { consoleTexts } from './texts';
import { formatDay } from './dates';

export function DomainState({ domain }: { domain: Pick<InstitutionDomain, 'state' | 'provenAt'> }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const counts = domain.provenAt !== null;
  return (
    <span className={`console-state console-state--domain-${domain.state}`} data-testid="domain-state">
      {t(`domainState_${domain.state}`, { date: counts ? formatDay(domain.provenAt!, lang) : '' })}
    </span>
  );
}
