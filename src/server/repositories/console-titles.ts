// The console's Titles section: a title search (name, or an identifier as typed) and the change of
// a title's identifiers, audited with the values before and after.
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';
import { refuse, type Refusal } from './refusal';
import { CONSOLE_TITLES_PAGE, type ConsoleTitle, type ConsoleTitlesReply } from '../../shared/schemas/console-titles';
import type { TitleIdentifiers } from '../../shared/identifiers';

const COLUMNS = 'mid, name, type, publisher, print_issn AS "printIssn", online_issn AS "onlineIssn", isbn';

/** Titles by name (any part, without case), or the one an ISSN or ISBN names, typed with or without hyphens. */
export async function listConsoleTitles(db: Queryable, q: string | undefined, page: number): Promise<ConsoleTitlesReply> {
  const words = q?.trim() ?? '';
  const digits = words.replace(/[\s-]/g, '').toUpperCase();
  const { rows } = await db.query<ConsoleTitle>(
    `SELECT ${COLUMNS} FROM titles
     WHERE $1 = '' OR name ILIKE '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
        OR replace(print_issn, '-', '') = $2 OR replace(online_issn, '-', '') = $2 OR isbn = $2
     ORDER BY lower(name), mid LIMIT $3 OFFSET $4`,
    [words, digits, CONSOLE_TITLES_PAGE + 1, page * CONSOLE_TITLES_PAGE],
  );
  return { titles: rows.slice(0, CONSOLE_TITLES_PAGE), more: rows.length > CONSOLE_TITLES_PAGE };
}

/** Sets a title's three identifiers (checked and normalised by the caller); 404 for no such title. */
export function setTitleIdentifiers(
  db: Db,
  mid: number,
  ids: TitleIdentifiers,
  actor: { id: number; institutionId: number | null },
): Promise<ConsoleTitle | Refusal> {
  return db.transaction(async (tx) => {
    const before = (await tx.query<ConsoleTitle>(`SELECT ${COLUMNS} FROM titles WHERE mid = $1 FOR UPDATE`, [mid])).rows[0];
    if (!before) return refuse(404, 'not_found', 'There is no such title.');
    const after = (
      await tx.query<ConsoleTitle>(`UPDATE titles SET print_issn = $2, online_issn = $3, isbn = $4 WHERE mid = $1 RETURNING ${COLUMNS}`, [
        mid,
        ids.printIssn,
        ids.onlineIssn,
        ids.isbn,
      ])
    ).rows[0];
    const pick = (t: ConsoleTitle) => ({ printIssn: t.printIssn, onlineIssn: t.onlineIssn, isbn: t.isbn });
    await recordAudit(tx, {
      actorId: actor.id,
      institutionId: actor.institutionId,
      action: 'title.identifiers',
      target: `${before.name} (${mid})`,
      before: pick(before),
      after: pick(after),
    });
    return after;
  });
}
