// The console's usage reports: COUNTER 5.1 reports for a month range, the SUSHI
// requestors (listed, made, given a new key, revoked), monthly reports by e-mail, and the KBART
// holdings file. Checks from console-guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zoneUsage } from '../../repositories/zone-usage';
import { reportOptions } from '../../../shared/counter/reports';
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
import { adminOnly, answer } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.publicUrl;
  route(app, endpoints.consoleReports, async (req) => {
    const institution = req.consoleInstitution;
    const { begin, end, ...params } = req.query;
    const { options, exceptions } = reportOptions(req.params.report, params);
    return counterReport(app.db, { id: req.params.report, institution, begin, end, siteUrl: site, options, exceptions });
  });

  // Reading in the institution's Smart Reading Zones, per zone and month (its COUNTER reports count
  // it as its own usage); an admin's view has every zone, public ones too.
  route(app, endpoints.consoleZoneUsage, async (req) => {
    const institution = req.consoleInstitution;
    return { rows: await zoneUsage(app.db, institution.id, req.query.begin, req.query.end) };
  });

  route(app, endpoints.consoleAdminZoneUsage, { ...adminOnly }, async (req) => ({
    rows: await zoneUsage(app.db, null, req.query.begin, req.query.end),
  }));

  // SUSHI requestors: one per harvesting tool, each with its own key, shown once.
  route(app, endpoints.consoleSushi, async (req) => {
    const institution = req.consoleInstitution;
    return {
      url: `${site}${SUSHI_PATH}`,
      kbartUrl: `${site}${SUSHI_PATH}/kbart`,
      customerId: String(institution.id),
      requestors: await sushiRequestors(app.db, institution.id),
      max: SUSHI_REQUESTORS_MAX,
    };
  });

  route(app, endpoints.consoleSushiRequestors, async (req) => {
    const institution = req.consoleInstitution;
    return answer(await createSushiRequestor(app.db, institution.id, req.body.name, req.signedInUser.id));
  });

  route(app, endpoints.consoleSushiRequestorsKey, async (req) => {
    const institution = req.consoleInstitution;
    return answer(await newSushiKey(app.db, institution.id, req.params.requestorId, req.signedInUser.id));
  });

  route(app, endpoints.consoleSushiRequestorsRevoke, async (req) => {
    const institution = req.consoleInstitution;
    return answer(await revokeSushiRequestor(app.db, institution.id, req.params.requestorId, req.signedInUser.id));
  });

  // Monthly reports by e-mail (sent by jobs/monthly-reports.ts).
  route(app, endpoints.consoleReportSubscriptions, async (req) => {
    const institution = req.consoleInstitution;
    return { subscriptions: await reportSubscriptions(app.db, institution.id), max: SUBSCRIPTIONS_MAX };
  });

  route(app, endpoints.consoleReportSubscriptionsAdd, async (req) => {
    const institution = req.consoleInstitution;
    return answer(await subscribeReport(app.db, institution.id, req.body, req.signedInUser.id));
  });

  route(app, endpoints.consoleReportSubscriptionsRemove, async (req) => {
    const institution = req.consoleInstitution;
    return answer(await removeReportSubscription(app.db, institution.id, req.params.subscriptionId, req.signedInUser.id));
  });

  route(app, endpoints.consoleKbart, async (req) => {
    const institution = req.consoleInstitution;
    const holdings = await institutionHoldings(app.db, institution.id);
    const day = new Date().toISOString().slice(0, 10);
    return {
      fileName: kbartFileName(institution.conCode ?? String(institution.id), day),
      titles: holdings.length,
      text: kbartText(holdings, site),
    };
  });
};
export default routes;
