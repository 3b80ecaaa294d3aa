// The library console's API: every route is checked by the console scope (src/server/routes/api/console-scope.ts).
import { get, post } from './endpoint';
import { ConsoleMe, ConsoleOverview, CsvText, InstitutionParams } from '../schemas/console';
import {
  CounterReportQuery,
  IssuedSushiKey,
  KbartFile,
  ReportParams,
  ReportQuery,
  ReportSubscription,
  ReportSubscriptions,
  RequestorBody,
  RequestorParams,
  SubscriptionBody,
  SubscriptionParams,
  SushiRequestor,
  SushiSettings,
  ZoneUsageReply,
} from '../schemas/console-reports';
import { CounterReport } from '../counter/reports';
import {
  AccessCodeRow,
  BrandingNameBody,
  CodeParams,
  ConsoleAccess,
  ConsoleBranding,
  CreateCodesBody,
  CreatedCodes,
  DomainBody,
  DomainReview,
  InstitutionDomains,
} from '../schemas/console-access';
import {
  Done,
  ExtendAccessBody,
  IdRequestDecided,
  IdRequestList,
  IdRequestParams,
  MemberDetail,
  MemberParams,
  MembersCsvQuery,
  MembersList,
  MembersQuery,
  RejectIdBody,
} from '../schemas/console-members';
import { BulkBody, BulkResult, ImportBody, ImportPreview, ImportResult } from '../schemas/member-import';
import {
  ActivityPage,
  ActivityQuery,
  CreateInstitutionBody,
  InstitutionSettings,
  InstitutionSettingsBody,
  LibrarianBody,
  Librarians,
  SamlBody,
  SsoBody,
} from '../schemas/console-admin';
import { MemberPrivacy, MemberPrivacyBody } from '../schemas/member-privacy';
import {
  AdminEnquiryParams,
  ConsoleZone,
  ConsoleZoneBody,
  ConsoleZones,
  EnquiriesQuery,
  Enquiry,
  EnquiryPage,
  EnquiryParams,
  EnquiryStatusBody,
  PosterQuery,
  PosterReply,
  ZoneCodeReply,
  ZoneParams,
} from '../schemas/console-inbox';
import { NetworkArrivals, RadiusClientBody, RadiusClientParams, SecretReply } from '../schemas/network-arrivals';
import { OkReply } from '../schemas/account';
import { IpRangeBody, IpRangeParams, IpRanges } from '../schemas/ip-access';
import { ConsoleTitle, ConsoleTitlesQuery, ConsoleTitlesReply, TitleIdentifiersBody, TitleParams } from '../schemas/console-titles';
import { IngestJobParams, IngestJobView } from '../schemas/ingest-jobs';

/** What any console call may answer besides success (console-guard's checks and the input's). */
const errors = [400, 401, 403, 404, 409, 429] as const;
/** An uploaded file's too big or of the wrong type. */
const fileErrors = [...errors, 413, 415] as const;
/** The logo's drawing service can also be busy. */
const brandingErrors = [...fileErrors, 503] as const;

export const consoleMe = get('/api/console/me', { reply: ConsoleMe, errors });
export const consoleOverview = get('/api/console/institutions/:institutionId/overview', {
  params: InstitutionParams,
  reply: ConsoleOverview,
  errors,
});
export const consoleReports = get('/api/console/institutions/:institutionId/reports/:report', {
  params: ReportParams,
  query: CounterReportQuery,
  reply: CounterReport,
  errors,
});
export const consoleZoneUsage = get('/api/console/institutions/:institutionId/zone-usage', {
  params: InstitutionParams,
  query: ReportQuery,
  reply: ZoneUsageReply,
  errors,
});
export const consoleAdminZoneUsage = get('/api/console/admin/zone-usage', { query: ReportQuery, reply: ZoneUsageReply, errors });
export const consoleSushi = get('/api/console/institutions/:institutionId/sushi', {
  params: InstitutionParams,
  reply: SushiSettings,
  errors,
});
export const consoleSushiRequestors = post('/api/console/institutions/:institutionId/sushi/requestors', {
  params: InstitutionParams,
  body: RequestorBody,
  reply: IssuedSushiKey,
  errors,
});
export const consoleSushiRequestorsKey = post('/api/console/institutions/:institutionId/sushi/requestors/:requestorId/key', {
  params: RequestorParams,
  reply: IssuedSushiKey,
  errors,
});
export const consoleSushiRequestorsRevoke = post('/api/console/institutions/:institutionId/sushi/requestors/:requestorId/revoke', {
  params: RequestorParams,
  reply: SushiRequestor,
  errors,
});
export const consoleReportSubscriptions = get('/api/console/institutions/:institutionId/report-subscriptions', {
  params: InstitutionParams,
  reply: ReportSubscriptions,
  errors,
});
export const consoleReportSubscriptionsAdd = post('/api/console/institutions/:institutionId/report-subscriptions', {
  params: InstitutionParams,
  body: SubscriptionBody,
  reply: ReportSubscription,
  errors,
});
export const consoleReportSubscriptionsRemove = post(
  '/api/console/institutions/:institutionId/report-subscriptions/:subscriptionId/remove',
  { params: SubscriptionParams, reply: ReportSubscription, errors },
);
export const consoleKbart = get('/api/console/institutions/:institutionId/kbart', { params: InstitutionParams, reply: KbartFile, errors });
export const consoleAccess = get('/api/console/institutions/:institutionId/access', {
  params: InstitutionParams,
  reply: ConsoleAccess,
  errors,
});
export const consoleAccessCodes = post('/api/console/institutions/:institutionId/access/codes', {
  params: InstitutionParams,
  body: CreateCodesBody,
  reply: CreatedCodes,
  errors,
});
export const consoleAccessCodesDisable = post('/api/console/institutions/:institutionId/access/codes/:codeId/disable', {
  params: CodeParams,
  reply: AccessCodeRow,
  errors,
});
export const consoleAccessCodesCsv = get('/api/console/institutions/:institutionId/access/codes.csv', {
  params: InstitutionParams,
  reply: CsvText,
  errors,
});
export const consoleAccessDomains = post('/api/console/institutions/:institutionId/access/domains', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleAccessDomainsRemove = post('/api/console/institutions/:institutionId/access/domains/remove', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleAccessDomainsCheck = post('/api/console/institutions/:institutionId/access/domains/check', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleAccessDomainsApprove = post('/api/console/institutions/:institutionId/access/domains/approve', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleAccessDomainsRefuse = post('/api/console/institutions/:institutionId/access/domains/refuse', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleDomains = get('/api/console/domains', { reply: DomainReview, errors });
export const consoleBranding = get('/api/console/institutions/:institutionId/branding', {
  params: InstitutionParams,
  reply: ConsoleBranding,
  errors: brandingErrors,
});
export const consoleBrandingSave = post('/api/console/institutions/:institutionId/branding', {
  params: InstitutionParams,
  body: BrandingNameBody,
  reply: ConsoleBranding,
  errors: brandingErrors,
});
export const consoleBrandingLogo = post('/api/console/institutions/:institutionId/branding/logo', {
  params: InstitutionParams,
  reply: ConsoleBranding,
  errors: brandingErrors,
});
export const consoleMembers = get('/api/console/institutions/:institutionId/members', {
  params: InstitutionParams,
  query: MembersQuery,
  reply: MembersList,
  errors,
});
export const consoleMembersCsv = get('/api/console/institutions/:institutionId/members.csv', {
  params: InstitutionParams,
  query: MembersCsvQuery,
  reply: null,
});
export const consoleMember = get('/api/console/institutions/:institutionId/members/:memberId', {
  params: MemberParams,
  reply: MemberDetail,
  errors,
});
export const consoleMembersImportPreview = post('/api/console/institutions/:institutionId/members/import/preview', {
  params: InstitutionParams,
  body: ImportBody,
  reply: ImportPreview,
  errors,
});
export const consoleMembersImport = post('/api/console/institutions/:institutionId/members/import', {
  params: InstitutionParams,
  body: ImportBody,
  reply: ImportResult,
  errors,
});
export const consoleMembersBulk = post('/api/console/institutions/:institutionId/members/bulk', {
  params: InstitutionParams,
  body: BulkBody,
  reply: BulkResult,
  errors,
});
export const consoleMembersRemove = post('/api/console/institutions/:institutionId/members/:memberId/remove', {
  params: MemberParams,
  reply: Done,
  errors,
});
export const consoleMembersExtend = post('/api/console/institutions/:institutionId/members/:memberId/extend', {
  params: MemberParams,
  body: ExtendAccessBody,
  reply: MemberDetail,
  errors,
});
export const consoleIdRequests = get('/api/console/institutions/:institutionId/id-requests', {
  params: InstitutionParams,
  reply: IdRequestList,
  errors,
});
export const consoleIdRequestsImage = get('/api/console/institutions/:institutionId/id-requests/:requestId/image', {
  params: IdRequestParams,
  reply: null,
});
export const consoleIdRequestsApprove = post('/api/console/institutions/:institutionId/id-requests/:requestId/approve', {
  params: IdRequestParams,
  reply: IdRequestDecided,
  errors,
});
export const consoleIdRequestsReject = post('/api/console/institutions/:institutionId/id-requests/:requestId/reject', {
  params: IdRequestParams,
  body: RejectIdBody,
  reply: IdRequestDecided,
  errors,
});
export const consoleInstitutions = post('/api/console/institutions', { body: CreateInstitutionBody, reply: InstitutionSettings, errors });
export const consoleSettings = get('/api/console/institutions/:institutionId/settings', {
  params: InstitutionParams,
  reply: InstitutionSettings,
  errors,
});
export const consoleSettingsSave = post('/api/console/institutions/:institutionId/settings', {
  params: InstitutionParams,
  body: InstitutionSettingsBody,
  reply: InstitutionSettings,
  errors,
});
export const consoleSso = post('/api/console/institutions/:institutionId/sso', {
  params: InstitutionParams,
  body: SsoBody,
  reply: InstitutionSettings,
  errors,
});
export const consoleSsoOff = post('/api/console/institutions/:institutionId/sso/off', {
  params: InstitutionParams,
  reply: InstitutionSettings,
  errors,
});
export const consoleSaml = post('/api/console/institutions/:institutionId/saml', {
  params: InstitutionParams,
  body: SamlBody,
  reply: InstitutionSettings,
  errors,
});
export const consoleSamlOff = post('/api/console/institutions/:institutionId/saml/off', {
  params: InstitutionParams,
  reply: InstitutionSettings,
  errors,
});
export const consoleLibrarians = get('/api/console/institutions/:institutionId/librarians', {
  params: InstitutionParams,
  reply: Librarians,
  errors,
});
export const consoleLibrariansAdd = post('/api/console/institutions/:institutionId/librarians', {
  params: InstitutionParams,
  body: LibrarianBody,
  reply: Librarians,
  errors,
});
export const consoleLibrariansRemove = post('/api/console/institutions/:institutionId/librarians/remove', {
  params: InstitutionParams,
  body: LibrarianBody,
  reply: Librarians,
  errors,
});
export const consoleActivity = get('/api/console/institutions/:institutionId/activity', {
  params: InstitutionParams,
  query: ActivityQuery,
  reply: ActivityPage,
  errors,
});
export const consoleAllActivity = get('/api/console/activity', { query: ActivityQuery, reply: ActivityPage, errors });
export const consolePrivacy = get('/api/console/institutions/:institutionId/privacy', {
  params: InstitutionParams,
  reply: MemberPrivacy,
  errors,
});
export const consolePrivacySave = post('/api/console/institutions/:institutionId/privacy', {
  params: InstitutionParams,
  body: MemberPrivacyBody,
  reply: MemberPrivacy,
  errors,
});
export const consoleZones = get('/api/console/institutions/:institutionId/zones', {
  params: InstitutionParams,
  reply: ConsoleZones,
  errors,
});
export const consoleZonesAdd = post('/api/console/institutions/:institutionId/zones', {
  params: InstitutionParams,
  body: ConsoleZoneBody,
  reply: ConsoleZone,
  errors,
});
export const consoleZoneSave = post('/api/console/institutions/:institutionId/zones/:zoneId', {
  params: ZoneParams,
  body: ConsoleZoneBody,
  reply: ConsoleZone,
  errors,
});
export const consoleZonesCode = get('/api/console/institutions/:institutionId/zones/:zoneId/code', {
  params: ZoneParams,
  reply: ZoneCodeReply,
  errors,
});
export const consoleZonesNetwork = get('/api/console/institutions/:institutionId/zones/:zoneId/network', {
  params: ZoneParams,
  reply: NetworkArrivals,
  errors,
});
export const consoleZonesRadius = post('/api/console/institutions/:institutionId/zones/:zoneId/radius', {
  params: ZoneParams,
  body: RadiusClientBody,
  reply: SecretReply,
  errors,
});
export const consoleZonesRadiusRemove = post('/api/console/institutions/:institutionId/zones/:zoneId/radius/:clientId/remove', {
  params: RadiusClientParams,
  reply: OkReply,
  errors,
});
export const consoleZonesWebhookSecret = post('/api/console/institutions/:institutionId/zones/:zoneId/webhook-secret', {
  params: ZoneParams,
  reply: SecretReply,
  errors,
});
export const consoleZonesPoster = get('/api/console/institutions/:institutionId/zones/:zoneId/poster', {
  params: ZoneParams,
  query: PosterQuery,
  reply: PosterReply,
  errors,
});
export const consoleZonesRemove = post('/api/console/institutions/:institutionId/zones/:zoneId/remove', {
  params: ZoneParams,
  reply: OkReply,
  errors,
});
export const consoleIpRanges = get('/api/console/institutions/:institutionId/ip-ranges', {
  params: InstitutionParams,
  reply: IpRanges,
  errors,
});
export const consoleIpRangesAdd = post('/api/console/institutions/:institutionId/ip-ranges', {
  params: InstitutionParams,
  body: IpRangeBody,
  reply: IpRanges,
  errors,
});
export const consoleIpRangesApprove = post('/api/console/institutions/:institutionId/ip-ranges/:rangeId/approve', {
  params: IpRangeParams,
  reply: IpRanges,
  errors,
});
export const consoleIpRangesRemove = post('/api/console/institutions/:institutionId/ip-ranges/:rangeId/remove', {
  params: IpRangeParams,
  reply: IpRanges,
  errors,
});
export const consoleEnquiries = get('/api/console/institutions/:institutionId/enquiries', {
  params: InstitutionParams,
  query: EnquiriesQuery,
  reply: EnquiryPage,
  errors,
});
export const consoleEnquiriesStatus = post('/api/console/institutions/:institutionId/enquiries/:enquiryId/status', {
  params: EnquiryParams,
  body: EnquiryStatusBody,
  reply: Enquiry,
  errors,
});
export const consoleAllEnquiries = get('/api/console/enquiries', { query: EnquiriesQuery, reply: EnquiryPage, errors });
export const consoleAllEnquiriesStatus = post('/api/console/enquiries/:enquiryId/status', {
  params: AdminEnquiryParams,
  body: EnquiryStatusBody,
  reply: Enquiry,
  errors,
});
export const consoleTitles = get('/api/console/titles', { query: ConsoleTitlesQuery, reply: ConsoleTitlesReply, errors });
export const consoleTitlesIdentifiers = post('/api/console/titles/:mid/identifiers', {
  params: TitleParams,
  body: TitleIdentifiersBody,
  reply: ConsoleTitle,
  errors,
});
export const consoleIngest = post('/api/console/ingest', { status: 202, reply: IngestJobView, errors: fileErrors });
export const consoleIngestJobs = get('/api/console/ingest/jobs/:id', { params: IngestJobParams, reply: IngestJobView, errors: fileErrors });
