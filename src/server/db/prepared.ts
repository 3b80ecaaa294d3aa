// Statements PostgreSQL keeps parsed and planned on each connection (named prepared statements):
// the busiest reads, whose parse and plan cost more than running them: the catalogue's (home's
// rows: 0.4 ms parse and 3.2 ms plan for a 2 ms run), the reader token's and the page images'.
// Only the statements marked here, never search's: after five runs PostgreSQL may keep one
// generic plan, a poor one where the best plan depends on the words asked for. PGlite has no such
// cache through its query call and runs them as before.
const names = new Map<string, string>();
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
  return name ? { name, text: sql, values: params } : { text: sql, values: params };
}
