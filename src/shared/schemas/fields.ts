// Query-string fields shared by the schemas: whole numbers that fit an integer column, '0'/'1'
// flags, calendar dates.
import { z } from 'zod';

/** Query-string integers arrive as strings; ids are Postgres integers (at most 2^31 - 1). */
export const int = (min = 0) => z.coerce.number().int().min(min).max(2_147_483_647);
export const flag = z.enum(['0', '1']).transform((v) => v === '1');
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
