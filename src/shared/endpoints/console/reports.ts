// Reports: COUNTER reports, zone usage, SUSHI requestors, report mail subscriptions and KBART.
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
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
} from '../../schemas/console-reports';
import { CounterReport } from '../../counter/reports';
import { errors } from './errors';

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
