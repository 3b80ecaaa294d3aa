// /library and /library/:institutionId/<section>: the library console of a librarian (their
// institution) or an admin (any institution, chosen from a list). Each section is a component of
// its own, listed once in `sections`: the nav and the address both come from that list.
import type React from 'react';
import { NavLink, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { stripLocale } from '../../lib/locale';
import { useLocalePath } from '../../components/useLocalePath';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleMeQuery } from './queries';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { Problem, statusOf, type SectionProps } from './ConsoleParts';
import { OverviewSection } from './OverviewSection';
import { ReportsSection } from './ReportsSection';
import { HarvestSection } from './HarvestSection';
import { AccessSection } from './AccessSection';
import { BrandingSection } from './BrandingSection';
import { MembersSection } from './MembersSection';
import { RequestsSection } from './RequestsSection';
import { ZonesSection } from './ZonesSection';
import { EnquiriesSection } from './EnquiriesSection';
import '../../components/forms.css';
import { ActivitySection } from './ActivitySection';
import { InstitutionSection } from './InstitutionSection';
import { NewInstitutionSection } from './NewInstitutionSection';
import { DomainsSection } from './DomainsSection';
import { TitlesSection } from './TitlesSection';
import './console.css';
import { appPaths } from '../../../shared/app-paths';

/** The console's sections: the address segment after the institution, the nav label's text key,
 * the component, whether only admins have it (the server refuses librarians there anyway), and
 * whether it is about no institution in particular (no institution picker). The first one is the
 * institution's landing section (no segment). */
const sections: {
  path: string;
  label: ConsoleTextKey;
  Section: React.ComponentType<SectionProps>;
  adminOnly?: true;
  standalone?: true;
}[] = [
  { path: '', label: 'overview', Section: OverviewSection },
  { path: 'members', label: 'members', Section: MembersSection },
  { path: 'requests', label: 'requests', Section: RequestsSection },
  { path: 'access', label: 'access', Section: AccessSection },
  { path: 'branding', label: 'branding', Section: BrandingSection },
  { path: 'zones', label: 'zones', Section: ZonesSection },
  { path: 'enquiries', label: 'enquiries', Section: EnquiriesSection },
  { path: 'reports', label: 'reports', Section: ReportsSection },
  { path: 'harvest', label: 'harvest', Section: HarvestSection },
  { path: 'activity', label: 'activity', Section: ActivitySection },
  { path: 'titles', label: 'titles', Section: TitlesSection, adminOnly: true, standalone: true },
  { path: 'institution', label: 'institutionSettings', Section: InstitutionSection, adminOnly: true },
  { path: 'new-institution', label: 'newInstitution', Section: NewInstitutionSection, adminOnly: true, standalone: true },
  { path: 'domains', label: 'domainReview', Section: DomainsSection, adminOnly: true, standalone: true },
];

export default function ConsolePage() {
  const { t, ready } = useNamespaceTexts('console', consoleTexts);
  const to = useLocalePath();
  const navigate = useNavigate();
  const params = useParams();
  const { pathname } = useLocation();
  const me = useQuery(consoleMeQuery());
  if (!ready || me.isPending) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const body = (() => {
    // Signed out (or the session ended): sign in, then back here.
    if (statusOf(me.error) === 401) return <Navigate replace to={to(appPaths.loginReturningTo(stripLocale(pathname)))} />;
    if (me.error)
      return statusOf(me.error) === 403 ? <Problem text={t('notAllowed')} /> : <Problem text={t('loadFailed')} retry={me.refetch} />;
    const first = me.data.institutions[0];
    if (!params.institutionId)
      return first ? <Navigate replace to={to(appPaths.consoleSection(first.id))} /> : <Problem text={t('noInstitution')} />;
    const institutionId = Number(params.institutionId);
    const idInAddress = params.institutionId; // (as written: the links keep it)
    const mine = sections.filter((entry) => !entry.adminOnly || me.data.role === 'admin');
    const section = mine.find((entry) => entry.path === (params['*'] ?? ''));
    if (!section) return <Navigate replace to={to(appPaths.consoleSection(idInAddress))} />;
    const valid = Number.isInteger(institutionId) && institutionId > 0 ? institutionId : 0;
    return (
      <>
        {me.data.role === 'admin' && !section.standalone && (
          <label className="console__choose">
            <span>{t('institution')}</span>
            <select
              value={String(institutionId)}
              onChange={(e) => navigate(to(appPaths.consoleSection(e.target.value, section.path)))}
              data-testid="console-institution"
            >
              {me.data.institutions.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <nav className="console__nav" aria-label={t('sections')}>
          {mine.map((entry) => (
            <NavLink key={entry.path} end to={to(appPaths.consoleSection(idInAddress, entry.path))}>
              {t(entry.label)}
            </NavLink>
          ))}
        </nav>
        <section.Section institutionId={valid} me={me.data} />
      </>
    );
  })();
  return (
    <div className="console">
      <h1 className="console__title">{t('title')}</h1>
      {body}
    </div>
  );
}
