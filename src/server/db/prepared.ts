// Statements PostgreSQL keeps parsed and planned on each connection (named prepared statements):
// the busiest reads, whose parse and plan cost more than running them: the catalogue's (home's
// rows: 0.4 ms parse and 3.2 ms plan for a 2 ms run), the reader token's and the page images'.
// Only the statements marked here, never search's: after five runs PostgreSQL may keep one
// generic plan, a poor one where the best plan depends on the words asked for. PGlite has no such
// cache through its query call and runs them as before.
/** Each marked statement's name, and the parameters it first ran with (in a server, its
 * warm-up's own questions). */
const marked = new Map<string, { name: string; firstParams?: unknown[] }>();
/** Distinct texts kept at most (a statement is built per filter shape: a few dozen in use). */
const MAX_PREPARED = 256;

/** Marks a statement to be kept prepared on each connection; returns it unchanged. */
export function prepared(sql: string): string {
  if (!marked.has(sql) && marked.size < MAX_PREPARED) marked.set(sql, { name: `lectern_${marked.size}` });
  return sql;
}

/** node-postgres's query for a statement: by name when it is marked (one without parameters is
 * then planned once per connection too). */
export function pgQuery(sql: string, params: unknown[]): { text: string; values: unknown[]; name?: string } {
  const statement = marked.get(sql);
  if (!statement) return { text: sql, values: params };
  statement.firstParams ??= params;
  return { name: statement.name, text: sql, values: params };
}

/** Every marked statement run so far, as node-postgres's query with the parameters it first ran
 * with: a new connection asked them parses and plans them and reads the tables they name
 * (db/warm-connections.ts). */
export function preparedSoFar(): { name: string; text: string; values: unknown[] }[] {
  return [...marked].flatMap(([text, { name, firstParams }]) => (firstParams ? [{ name, text, values: firstParams }] : []));
}
