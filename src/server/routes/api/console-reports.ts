// The console's usage reports: COUNTER 5.1 reports for a month range, the SUSHI
// requestors (listed, made, given a new key, revoked), monthly reports by e-mail, and the KBART
// holdings file. Checks from console-guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
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
} from '../../../shared/schemas/console-reports';
import { zoneUsage } from '../../repositories/zone-usage';
import { CounterReport, reportOptions } from '../../../shared/counter/reports';
import { kbartFileName, kbartText } from '../../../shared/kbart';
import { counterReport } from '../../services/counter-reports';
import { institutionHoldings } from '../../repositories/kbart';
import {
  SUSHI_REQUESTORS_MAX,
  createSushiRequestor,
  newSushiKey,
  revokeSushiRequestor,
  sushiRequestors,
} from '../../repositories/sushi-credentials';
import { SUBSCRIPTIONS_MAX, removeReportSubscription, reportSubscriptions, subscribeReport } from '../../repositories/report-subscriptions';
import { SUSHI_PATH } from '../harvest/sushi';
import { adminOnly, answer, consoleErrors as errors } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.publicUrl;
  app.get(
    '/console/institutions/:institutionId/reports/:report',
    {
      schema: { params: ReportParams, querystring: CounterReportQuery, response: { 200: CounterReport, ...errors } },
    },
    async (req) => {
      const institution = req.consoleInstitution;
      const { begin, end, ...params } = req.query;
      const { options, exceptions } = reportOptions(req.params.report, params);
      return counterReport(app.db, { id: req.params.report, institution, begin, end, siteUrl: site, options, exceptions });
    },
  );

  // Reading in the institution's Smart Reading Zones, per zone and month (its COUNTER reports count
  // it as its own usage); an admin's view has every zone, public ones too.
  app.get(
    '/console/institutions/:institutionId/zone-usage',
    {
      schema: { params: InstitutionParams, querystring: ReportQuery, response: { 200: ZoneUsageReply, ...errors } },
    },
    async (req) => {
      const institution = req.consoleInstitution;
      return { rows: await zoneUsage(app.db, institution.id, req.query.begin, req.query.end) };
    },
  );

  app.get(
    '/console/admin/zone-usage',
    { ...adminOnly, schema: { querystring: ReportQuery, response: { 200: ZoneUsageReply, ...errors } } },
    async (req) => ({ rows: await zoneUsage(app.db, null, req.query.begin, req.query.end) }),
  );

  // SUSHI requestors: one per harvesting tool, each with its own key, shown once.
  app.get(
    '/console/institutions/:institutionId/sushi',
    { schema: { params: InstitutionParams, response: { 200: SushiSettings, ...errors } } },
    async (req) => {
      const institution = req.consoleInstitution;
      return {
        url: `${site}${SUSHI_PATH}`,
        kbartUrl: `${site}${SUSHI_PATH}/kbart`,
        customerId: String(institution.id),
        requestors: await sushiRequestors(app.db, institution.id),
        max: SUSHI_REQUESTORS_MAX,
      };
    },
  );

  app.post(
    '/console/institutions/:institutionId/sushi/requestors',
    {
      schema: { params: InstitutionParams, body: RequestorBody, response: { 200: IssuedSushiKey, ...errors } },
    },
    async (req) => {
      const institution = req.consoleInstitution;
      return answer(await createSushiRequestor(app.db, institution.id, req.body.name, req.signedInUser.id));
    },
  );

  app.post(
    '/console/institutions/:institutionId/sushi/requestors/:requestorId/key',
    { schema: { params: RequestorParams, response: { 200: IssuedSushiKey, ...errors } } },
    async (req) => {
      const institution = req.consoleInstitution;
      return answer(await newSushiKey(app.db, institution.id, req.params.requestorId, req.signedInUser.id));
    },
  );

  app.post(
    '/console/institutions/:institutionId/sushi/requestors/:requestorId/revoke',
    { schema: { params: RequestorParams, response: { 200: SushiRequestor, ...errors } } },
    async (req) => {
      const institution = req.consoleInstitution;
      return answer(await revokeSushiRequestor(app.db, institution.id, req.params.requestorId, req.signedInUser.id));
    },
  );

  // Monthly reports by e-mail (sent by jobs/monthly-reports.ts).
  app.get(
    '/console/institutions/:institutionId/report-subscriptions',
    { schema: { params: InstitutionParams, response: { 200: ReportSubscriptions, ...errors } } },
    async (req) => {
      const institution = req.consoleInstitution;
      return { subscriptions: await reportSubscriptions(app.db, institution.id), max: SUBSCRIPTIONS_MAX };
    },
  );

  app.post(
    '/console/institutions/:institutionId/report-subscriptions',
    {
      schema: { params: InstitutionParams, body: SubscriptionBody, response: { 200: ReportSubscription, ...errors } },
    },
    async (req) => {
      const institution = req.consoleInstitution;
      return answer(await subscribeReport(app.db, institution.id, req.body, req.signedInUser.id));
    },
  );

  app.post(
    '/console/institutions/:institutionId/report-subscriptions/:subscriptionId/remove',
    { schema: { params: SubscriptionParams, response: { 200: ReportSubscription, ...errors } } },
    async (req) => {
      const institution = req.consoleInstitution;
      return answer(await removeReportSubscription(app.db, institution.id, req.params.subscriptionId, req.signedInUser.id));
    },
  );

  app.get(
    '/console/institutions/:institutionId/kbart',
    { schema: { params: InstitutionParams, response: { 200: KbartFile, ...errors } } },
    async (req) => {
      const institution = req.consoleInstitution;
      const holdings = await institutionHoldings(app.db, institution.id);
      const day = new Date().toISOString().slice(0, 10);
      return {
        fileName: kbartFileName(institution.conCode ?? String(institution.id), day),
        titles: holdings.length,
        text: kbartText(holdings, site),
      };
    },
  );
};
export default routes;
