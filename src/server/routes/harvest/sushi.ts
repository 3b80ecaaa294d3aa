// The COUNTER_SUSHI API, Release 5.1 (status, members, the reports list and each report), and the
// KBART file, for harvesters: every call but /status names the institution with customer_id and
// proves it with requestor_id and api_key (made in the console). Every parameter is checked by its
// schema (shared/schemas/sushi.ts). Errors answer the API's exception object, with its code and
// HTTP status.
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Month,
  PLATFORM,
  RELEASE,
  REPORTS,
  REPORT_IDS,
  institutionIdOf,
  lastDayOf,
  monthBefore,
  reportOptions,
  reportParams,
  shown,
  type CounterException,
  type ReportId,
} from '../../../shared/counter/reports';
import { monthIndex, REPORT_MONTHS_MAX } from '../../../shared/schemas/console-reports';
import { kbartFileName, kbartText } from '../../../shared/kbart';
import { SUSHI_COMMON, SUSHI_DATES, SushiQuery, SushiReportParams, SushiStatusQuery } from '../../../shared/schemas/sushi';
import { checkSushiCredentials, harvestableInstitutions } from '../../repositories/sushi-credentials';
import { consoleInstitutions } from '../../repositories/console';
import { firstUsageMonth } from '../../repositories/counter-usage';
import { institutionHoldings } from '../../repositories/kbart';
import { counterReport } from '../../services/counter-reports';
import { LIMITS, clientIp, spendOne } from '../../services/rate-limit';

export const SUSHI_PATH = '/sushi/r51';

/** The exceptions this API answers with an error (COUNTER_SUSHI API 5.1, Appendix D Table D.1):
 * HTTP status and message. A wrong path has no code in Table D.1 and must be a 404: it gets an
 * info exception (code 0, whose message the provider chooses). */
const EXCEPTIONS = {
  0: [404, 'Invalid Path'],
  1020: [429, 'Client has made too many requests'],
  1030: [400, 'Insufficient Information to Process Request'],
  2000: [401, 'Requestor Not Authorized to Access Service'],
  2010: [403, 'Requestor is Not Authorized to Access Usage for Institution'],
  2020: [401, 'APIKey Invalid'],
  3020: [400, 'Invalid Date Arguments'],
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
/** A filter's value: a repeated parameter's copies are one `|`-separated list. */
const listParam = (req: FastifyRequest, name: string) => {
  const v = (req.query as Query)[name];
  return v === undefined ? undefined : Array.isArray(v) ? v.join('|') : v;
};

/** begin_date or end_date as a month: yyyy-mm or yyyy-mm-dd, a day that exists (2025-02-30 does not). */
function monthParam(req: FastifyRequest, name: string): string {
  const v = param(req, name);
  if (!v) throw new SushiException(1030, `${name} is required`);
  const month = /^\d{4}-\d{2}(-\d{2})?$/.test(v) ? v.slice(0, 7) : '';
  if (!Month.safeParse(month).success) throw new SushiException(3020, `${name} must be yyyy-mm or yyyy-mm-dd`);
  if (v.length === 10 && (v.slice(8) < '01' || v > lastDayOf(month))) throw new SushiException(3020, `${name} ${v} is not a date`);
  return month;
}

const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** A parameter the schema refused (a control character, too long): the exception a wrong value of
 * it gets (a credential cannot be valid, a date cannot be one, a report name cannot be a path). */
function refusedParameter(err: FastifyError): SushiException {
  const [first] = err.validation ?? [];
  const name = first?.instancePath.split('/')[1] ?? '';
  const data = `${name || 'a parameter'}: ${first?.message ?? 'not valid'}`;
  if (err.validationContext === 'params') return new SushiException(0, 'this is not a report of this service');
  if (name === 'api_key') return new SushiException(2020, data);
  if (name === 'requestor_id') return new SushiException(2000, data);
  if (name === 'customer_id') return new SushiException(2010, data);
  if ((SUSHI_DATES as readonly string[]).includes(name)) return new SushiException(3020, data);
  // platform: Appendix D asks 1030 for an invalid platform the service needs.
  return new SushiException(1030, data);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.publicUrl;
  const status = [{ Description: `COUNTER_SUSHI API of ${PLATFORM}`, Service_Active: true }];
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    if (err.validation && req.routeOptions.url === `${SUSHI_PATH}/status`) return reply.send(status);
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
      if (check.reason === 'customer') throw new SushiException(2010, `requestor_id may not harvest customer_id ${shown(customerId)}`);
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

  // Public, as the API asks, so a harvester can see the service is up: credentials and other
  // parameters are ignored. No Registry_Record and no Alerts: Lectern has neither.
  app.get(`${SUSHI_PATH}/status`, { schema: { querystring: SushiStatusQuery } }, async () => status);

  // A consortium's requestor, asking for the consortium itself, gets the consortium and each
  // member (each harvested with its own customer_id and the same requestor_id and api_key);
  // anyone else gets the one institution asked for. Requestor_ID is left out: it is the one in
  // the request (the API says to omit it then).
  app.get(`${SUSHI_PATH}/members`, query, async (req) => {
    const c = await customer(req);
    const listed = c.id === c.ownerId ? await harvestableInstitutions(app.db, c.id) : [c];
    return listed.map((m) => ({
      Customer_ID: String(m.id),
      Institution_Name: m.name,
      Institution_ID: { Proprietary: [institutionIdOf(m.id)] },
    }));
  });

  app.get(`${SUSHI_PATH}/reports`, query, async (req) => {
    const c = await customer(req);
    const last = monthBefore(monthOf(new Date()));
    const first = (await firstUsageMonth(app.db, c.id)) ?? last;
    return REPORT_IDS.map((id) => ({
      Report_Name: REPORTS[id].name,
      Report_ID: id,
      Release: RELEASE,
      Report_Description: REPORTS[id].description,
      Path: `/r51/reports/${id.toLowerCase()}`,
      First_Month_Available: first < last ? first : last,
      Last_Month_Available: last,
    }));
  });

  app.get(`${SUSHI_PATH}/reports/:report`, { schema: { querystring: SushiQuery, params: SushiReportParams } }, async (req) => {
    const id = req.params.report.toUpperCase() as ReportId;
    if (!REPORT_IDS.includes(id))
      throw new SushiException(0, `${shown(req.params.report)} is not a report of this service; the reports are at ${SUSHI_PATH}/reports`);
    const c = await customer(req);
    const begin = monthParam(req, 'begin_date');
    let end = monthParam(req, 'end_date');
    if (begin > end) throw new SushiException(3020, 'begin_date is after end_date');
    if (monthIndex(end) - monthIndex(begin) >= REPORT_MONTHS_MAX)
      throw new SushiException(3020, `at most ${REPORT_MONTHS_MAX} months at a time`);
    const current = monthOf(new Date());
    const last = monthBefore(current);
    if (begin >= current) throw new SushiException(3020, `begin_date is not a complete month; the last complete month is ${last}`);
    const exceptions: CounterException[] = [];
    // The months not complete yet are left out (Appendix D, 3031): the report ends with the last complete one.
    if (end > last) {
      exceptions.push({
        Code: 3031,
        Message: 'Usage Not Ready for Requested Dates',
        Data: `Usage for ${current} and later is not processed yet; the report ends with ${last}`,
      });
      end = last;
    }
    const known = new Set<string>([...SUSHI_COMMON, ...reportParams(id)]);
    const unknown = Object.keys(req.query as Query).filter((name) => !known.has(name));
    if (unknown.length)
      exceptions.push({
        Code: 3050,
        Message: 'Parameter Not Recognized in this Context',
        Data: `Ignored: ${unknown.slice(0, 10).map(shown).join(', ')}`,
      });
    const platform = param(req, 'platform');
    const asked = reportOptions(id, Object.fromEntries(reportParams(id).map((p) => [p, listParam(req, p)])));
    if (platform && platform.toLowerCase() !== PLATFORM.toLowerCase())
      asked.exceptions.unshift({ Code: 3060, Message: 'Invalid ReportFilter Value', Data: `Not applied: platform=${shown(platform)}` });
    return counterReport(app.db, {
      id,
      institution: c,
      begin,
      end,
      siteUrl: site,
      options: asked.options,
      exceptions: [...exceptions, ...mergeSame(asked.exceptions)],
    });
  });

  app.get(`${SUSHI_PATH}/kbart`, query, async (req, reply) => {
    const c = await customer(req);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/tab-separated-values; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${kbartFileName(c.conCode ?? String(c.id), day)}"`)
      .send(kbartText(await institutionHoldings(app.db, c.id), site));
  });

  // Anything else under /sushi (a path of another release, a wrong method, a typo) is a wrong
  // path: a 404 with the exception object, not the app's page.
  const wrongPath = async (req: FastifyRequest) => {
    throw new SushiException(
      0,
      `${req.method} ${shown(req.url.split('?')[0])} is not a path of this COUNTER_SUSHI API 5.1; it is at ${SUSHI_PATH}`,
    );
  };
  app.all('/sushi', wrongPath);
  app.all('/sushi/*', wrongPath);
};
export default routes;

/** One exception per code: a platform refusal and other filter values under one 3060. */
function mergeSame(list: CounterException[]): CounterException[] {
  const byCode = new Map<number, CounterException>();
  for (const e of list) {
    const had = byCode.get(e.Code);
    byCode.set(e.Code, had ? { ...had, Data: `${had.Data}; ${(e.Data ?? '').replace(/^Not applied: /, '')}` } : e);
  }
  return [...byCode.values()];
}
