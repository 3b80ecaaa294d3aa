// The COUNTER_SUSHI API's parameters (Release 5.1): the credentials, the dates and the filters and
// attributes a harvester may send. Each is one line of text without control characters (a NUL
// reached the database as a 500), sent once or repeated; a parameter this API does not name is
// checked the same way. routes/harvest/sushi.ts answers a refusal in COUNTER's exception shape.
import { z } from 'zod';
import { line } from './fields';

const value = line().max(1000);
const param = z.union([value, z.array(value).max(20)]);

export const SUSHI_CREDENTIALS = ['customer_id', 'requestor_id', 'api_key'] as const;
export const SUSHI_DATES = ['begin_date', 'end_date'] as const;
/** Filters and attributes of the 5.1 reports (the ones a report does not use are ignored). */
const SUSHI_FILTERS = [
  'platform',
  'metric_type',
  'data_type',
  'access_type',
  'access_method',
  'yop',
  'item_id',
  'attributes_to_show',
  'granularity',
  'include_parent_details',
  'include_component_details',
  'exclude_monthly_details',
] as const;

export const SushiQuery = z
  .object(Object.fromEntries([...SUSHI_CREDENTIALS, ...SUSHI_DATES, ...SUSHI_FILTERS].map((name) => [name, param.optional()])))
  .catchall(param);
export const SushiReportParams = z.object({ report: line().max(40) });
