// Statements PostgreSQL keeps parsed and planned on each connection (named prepared statements):
// the busiest reads, whose parse and plan cost more than running them: the catalogue's (home's
// rows: 0.4 ms parse and 3.2 ms plan for a 2 ms run), the reader token's and the page images'.
// Only the statements marked here, never search's: after five runs PostgreSQL may keep one
// generic plan, a poor one where the best plan depends on the words asked for. PGlite has no such
// cache through its query call and runs them as before.
const names = new Map<string, string>();
/** The parameters each marked statement first ran with (in a server, its warm-up's own questions). */
const firstParams = new Map<string, unknown[]>();
/** Distinct texts kept at most (a statement is built per filter shape: a few dozen in use). */
const MAX_PREPARED = 256;

/** Marks a statement to be kept prepared on each connection; returns it unchanged. */
export function prepared(sql: string): string {
  if (!names.has(sql) && names.size < MAX_PREPARED) names.set(sql, `lectern_${names.size}`);
  return sql;
}

/** node-postgres's query for a statement: by name when it is marked (one without parameters is
 * then planned once per connection too). */
export function pgQuery(sql: string, params: unknown[]): { text: string; values: unknown[]; name?: string } {
  const name = names.get(sql);
  if (!name) return { text: sql, values: params };
  if (!firstParams.has(sql)) firstParams.set(sql, params);
  return { name, text: sql, values: params };
}

/** Every marked statement run so far, as node-postgres's query with the parameters it first ran
 * with: a new connection asked them parses and plans them and reads the tables they name
 * (db/warm-connections.ts). */
export function preparedSoFar(): { name: string; text: string; values: unknown[] }[] {
  return [...firstParams].map(([text, values]) => ({ name: names.get(text)!, text, values }));
}
