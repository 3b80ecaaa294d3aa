// The COUNTER_SUSHI API, Release 5.1 (status, members, the reports list and each report), and the
// KBART file, for harvesters: every call but /status names the institution with customer_id and
// proves it with requestor_id and api_key (made in the console). Every parameter is checked by its
// schema (shared/schemas/sushi.ts). Errors answer the API's exception object, with its code and
// HTTP status.
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Month, PLATFORM, RELEASE, REPORTS, REPORT_IDS, institutionIdOf, type ReportId } from '../../../shared/counter/reports';
import { monthIndex, REPORT_MONTHS_MAX } from '../../../shared/schemas/console-reports';
import { kbartFileName, kbartText } from '../../../shared/kbart';
import { SUSHI_DATES, SushiQuery, SushiReportParams } from '../../../shared/schemas/sushi';
import { checkSushiCredentials, harvestableInstitutions } from '../../repositories/sushi-credentials';
import { consoleInstitutions } from '../../repositories/console';
import { firstUsageMonth } from '../../repositories/counter-usage';
import { institutionHoldings } from '../../repositories/kbart';
import { counterReport } from '../../services/counter-reports';
import { LIMITS, clientIp, spendOne } from '../../services/rate-limit';

export const SUSHI_PATH = '/sushi/r51';

/** The exceptions this API answers with (COUNTER_SUSHI API 5.1, exceptions table): HTTP status and message. */
const EXCEPTIONS = {
  1020: [429, 'Client has made too many requests'],
  1030: [400, 'Insufficient Information to Process Request'],
  2000: [401, 'Requestor Not Authorized to Access Service'],
  2010: [403, 'Requestor is Not Authorized to Access Usage for Institution'],
  2020: [401, 'API Key Invalid'],
  3000: [404, 'Report Not Supported'],
  3020: [400, 'Invalid Date Arguments'],
  3060: [400, 'Invalid ReportFilter Value'],
} as const;
type ExceptionCode = keyof typeof EXCEPTIONS;

class SushiException extends Error {
  constructor(
    public code: ExceptionCode,
    public data: string,
  ) {
    super(EXCEPTIONS[code][1]);
  }
}

type Query = Record<string, string | string[] | undefined>;
/** A parameter's value (the first if repeated), trimmed; undefined when missing or empty. */
const param = (req: FastifyRequest, name: string) => {
  const v = (req.query as Query)[name];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s.slice(0, 200) : undefined;
};

/** begin_date and end_date as months: yyyy-mm or yyyy-mm-dd (the day of a month is ignored). */
function monthParam(req: FastifyRequest, name: string): string {
  const v = param(req, name);
  if (!v) throw new SushiException(1030, `${name} is required`);
  const month = /^\d{4}-\d{2}(-\d{2})?$/.test(v) ? v.slice(0, 7) : '';
  const day = v.length === 10 ? Number(v.slice(8)) : 1;
  if (!Month.safeParse(month).success || day < 1 || day > 31) throw new SushiException(3020, `${name} must be yyyy-mm or yyyy-mm-dd`);
  return month;
}

const lastCompleteMonth = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

/** A parameter the schema refused (a control character, too long): the exception a wrong value of
 * it gets (a credential cannot be valid, a date cannot be one), else 3060 for a filter. */
function refusedParameter(err: FastifyError): SushiException {
  const [first] = err.validation ?? [];
  const name = first?.instancePath.split('/')[1] ?? '';
  const data = `${name || 'a parameter'}: ${first?.message ?? 'not valid'}`;
  if (err.validationContext === 'params') return new SushiException(3000, 'this is not a report of this service');
  if (name === 'api_key') return new SushiException(2020, data);
  if (name === 'requestor_id') return new SushiException(2000, data);
  if (name === 'customer_id') return new SushiException(2010, data);
  if ((SUSHI_DATES as readonly string[]).includes(name)) return new SushiException(3020, data);
  return new SushiException(3060, data);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.publicUrl;
  app.setErrorHandler(async (err: FastifyError, _req, reply) => {
    const e = err.validation ? refusedParameter(err) : err;
    if (!(e instanceof SushiException)) throw err;
    return reply.code(EXCEPTIONS[e.code][0]).send({ Code: e.code, Message: e.message, Data: e.data });
  });
  const query = { schema: { querystring: SushiQuery } };
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  // Every call counts against the client's hourly limit before anything else is done, so neither
  // report reads nor guesses at credentials go unbounded (one atomic upsert per call).
  const perClient = { ...LIMITS.sushiPerClient, max: app.config.sushiRequestsPerHour };
  app.addHook('onRequest', async (req, reply) => {
    if (perClient.max === 0 || (await spendOne(app.db, [perClient, clientIp(req)]))) return;
    reply.header('Retry-After', String(Math.ceil((perClient.windowMs - (Date.now() % perClient.windowMs)) / 1000)));
    throw new SushiException(1020, `at most ${perClient.max} requests an hour`);
  });

  /** The institution the credentials prove, with its name. */
  async function customer(req: FastifyRequest) {
    const customerId = param(req, 'customer_id');
    if (!customerId) throw new SushiException(1030, 'customer_id is required');
    const check = await checkSushiCredentials(app.db, {
      customerId,
      requestorId: param(req, 'requestor_id') ?? '',
      apiKey: param(req, 'api_key') ?? '',
    });
    if (!check.ok) {
      if (check.reason === 'requestor') throw new SushiException(2000, 'requestor_id is not known');
      if (check.reason === 'customer') throw new SushiException(2010, `requestor_id may not harvest customer_id ${customerId}`);
      throw new SushiException(2020, 'api_key is not valid for this customer_id');
    }
    const found = (await consoleInstitutions(app.db, check.institutionId))[0];
    return {
      id: found.id,
      name: found.name,
      conCode: found.conCode,
      customerId,
      requestorId: param(req, 'requestor_id')!,
      ownerId: check.ownerId,
    };
  }

  app.get(`${SUSHI_PATH}/status`, query, async (req) => {
    if (param(req, 'customer_id')) await customer(req);
    return [{ Description: `COUNTER_SUSHI API of ${PLATFORM}`, Service_Active: true, Registry_Record: '', Alerts: [] }];
  });

  // A consortium's requestor, asking for the consortium itself, gets the consortium and each
  // member (each harvested with its own customer_id and the same requestor_id and api_key);
  // anyone else gets the one institution asked for.
  app.get(`${SUSHI_PATH}/members`, query, async (req) => {
    const c = await customer(req);
    const listed = c.id === c.ownerId ? await harvestableInstitutions(app.db, c.id) : [c];
    return listed.map((m) => ({
      Customer_ID: String(m.id),
      Requestor_ID: c.requestorId,
      Name: m.name,
      Institution_ID: { Proprietary: [institutionIdOf(m.id)] },
    }));
  });

  app.get(`${SUSHI_PATH}/reports`, query, async (req) => {
    const c = await customer(req);
    const last = lastCompleteMonth();
    const first = (await firstUsageMonth(app.db, c.id)) ?? last;
    return REPORT_IDS.map((id) => ({
      Report_Name: REPORTS[id].name,
      Report_ID: id,
      Release: RELEASE,
      Report_Description: REPORTS[id].name,
      Path: `${SUSHI_PATH}/reports/${id.toLowerCase()}`,
      First_Month_Available: first < last ? first : last,
      Last_Month_Available: last,
    }));
  });

  app.get(`${SUSHI_PATH}/reports/:report`, { schema: { querystring: SushiQuery, params: SushiReportParams } }, async (req) => {
    const id = req.params.report.toUpperCase() as ReportId;
    if (!REPORT_IDS.includes(id)) throw new SushiException(3000, `${req.params.report} is not a report of this service`);
    const c = await customer(req);
    const begin = monthParam(req, 'begin_date');
    const end = monthParam(req, 'end_date');
    if (begin > end) throw new SushiException(3020, 'begin_date is after end_date');
    if (monthIndex(end) - monthIndex(begin) >= REPORT_MONTHS_MAX)
      throw new SushiException(3020, `at most ${REPORT_MONTHS_MAX} months at a time`);
    return counterReport(app.db, { id, institution: c, begin, end, siteUrl: site });
  });

  app.get(`${SUSHI_PATH}/kbart`, query, async (req, reply) => {
    const c = await customer(req);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/tab-separated-values; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${kbartFileName(c.conCode ?? String(c.id), day)}"`)
      .send(kbartText(await institutionHoldings(app.db, c.id), site));
  });
};
export default routes;
