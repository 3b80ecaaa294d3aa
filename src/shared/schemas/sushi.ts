// The COUNTER_SUSHI API's parameters (Release 5.1). The credentials and the dates are each one
// line of text without control characters (a NUL reached the database as a 500), sent once or
// repeated; a refusal gets the exception a wrong value of it gets. Every other parameter is any
// text: the report route checks filters and attributes against COUNTER's values and answers the
// report with exception 3060, 3062 or 3050 (Appendix D), never an error, as the API asks.
import { z } from 'zod';
import { line } from './fields';

const value = line().max(1000);
const param = z.union([value, z.array(value).max(20)]);
const anyText = z.union([z.string(), z.array(z.string())]);

export const SUSHI_CREDENTIALS = ['customer_id', 'requestor_id', 'api_key'] as const;
export const SUSHI_DATES = ['begin_date', 'end_date'] as const;
/** Parameters every report path takes (COUNTER_SUSHI API 5.1), besides its own filters and attributes. */
export const SUSHI_COMMON = [...SUSHI_CREDENTIALS, 'platform', ...SUSHI_DATES] as const;

export const SushiQuery = z
  .object({
    ...Object.fromEntries([...SUSHI_CREDENTIALS, ...SUSHI_DATES].map((name) => [name, param.optional()])),
    platform: param.optional(),
  })
  .catchall(anyText);
/** /status is public: the route answers its status whatever it is sent (a refused value too). */
export const SushiStatusQuery = z
  .object(Object.fromEntries([...SUSHI_CREDENTIALS, 'platform'].map((name) => [name, param.optional()])))
  .catchall(anyText);
export const SushiReportParams = z.object({ report: line().max(40) });
