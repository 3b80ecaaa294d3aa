// The console's usage reports (issue 15): COUNTER 5.1 reports for a month range, the SUSHI
// credentials (shown, rotated), and the KBART holdings file. Checks from console-guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
import {
  CounterReportQuery,
  KbartFile,
  ReportParams,
  ReportQuery,
  SushiSettings,
  ZoneUsageReply,
} from '../../../shared/schemas/console-reports';
import { zoneUsage } from '../../repositories/zone-usage';
import { CounterReport, reportOptions } from '../../../shared/counter/reports';
import { kbartFileName, kbartText } from '../../../shared/kbart';
import { counterReport } from '../../services/counter-reports';
import { institutionHoldings } from '../../repositories/kbart';
import { rotateSushiCredentials, sushiCredentials, type SushiCredentials } from '../../repositories/sushi-credentials';
import { SUSHI_PATH } from '../harvest/sushi';
import { consoleErrors as errors, consoleGuard } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { institutionFor, requireAdmin } = consoleGuard(app);
  const site = app.config.publicUrl;
  const settings = (c: SushiCredentials | null): SushiSettings => ({
    url: `${site}${SUSHI_PATH}`,
    kbartUrl: `${site}${SUSHI_PATH}/kbart`,
    customerId: c?.customerId ?? null,
    requestorId: c?.requestorId ?? null,
    apiKey: c?.apiKey ?? null,
    rotatedAt: c?.rotatedAt ?? null,
  });

  app.get(
    '/console/institutions/:institutionId/reports/:report',
    {
      preHandler: app.requireUser,
      schema: { params: ReportParams, querystring: CounterReportQuery, response: { 200: CounterReport, ...errors } },
    },
    async (req) => {
      const institution = await institutionFor(req, req.params.institutionId);
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
      preHandler: app.requireUser,
      schema: { params: InstitutionParams, querystring: ReportQuery, response: { 200: ZoneUsageReply, ...errors } },
    },
    async (req) => {
      const institution = await institutionFor(req, req.params.institutionId);
      return { rows: await zoneUsage(app.db, institution.id, req.query.begin, req.query.end) };
    },
  );

  app.get(
    '/console/admin/zone-usage',
    { preHandler: app.requireUser, schema: { querystring: ReportQuery, response: { 200: ZoneUsageReply, ...errors } } },
    async (req) => {
      await requireAdmin(req);
      return { rows: await zoneUsage(app.db, null, req.query.begin, req.query.end) };
    },
  );

  app.get(
    '/console/institutions/:institutionId/sushi',
    { preHandler: app.requireUser, schema: { params: InstitutionParams, response: { 200: SushiSettings, ...errors } } },
    async (req) => settings(await sushiCredentials(app.db, (await institutionFor(req, req.params.institutionId)).id)),
  );

  app.post(
    '/console/institutions/:institutionId/sushi/rotate',
    { preHandler: app.requireUser, schema: { params: InstitutionParams, response: { 200: SushiSettings, ...errors } } },
    async (req) => {
      const institution = await institutionFor(req, req.params.institutionId);
      return settings(await rotateSushiCredentials(app.db, institution.id, req.user!.id));
    },
  );

  app.get(
    '/console/institutions/:institutionId/kbart',
    { preHandler: app.requireUser, schema: { params: InstitutionParams, response: { 200: KbartFile, ...errors } } },
    async (req) => {
      const institution = await institutionFor(req, req.params.institutionId);
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
