// What an `opens` value (a zone's, a plan period's: the whole catalogue, or chosen sections,
// categories and titles) says about a title, as one SQL predicate: the reader's check and the
// passes' "opens more" ask the same question.
import { JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../shared/constants';

/** A title as SQL expressions: its mid, its category and its sections (a text[]: 'newspapers',
 * 'journals', or 'magazines' when neither). */
export interface TitleSql {
  mid: string;
  catId: string;
  sections: string;
}

export const opensTitle = (opens: string, t: TitleSql) =>
  `(${opens} @> '{"all": true}' OR ${opens} -> 'titles' @> jsonb_build_array(${t.mid}::int)
    OR ${opens} -> 'categories' @> jsonb_build_array(${t.catId}::int) OR ${opens} -> 'sections' ?| ${t.sections}::text[])`;

/** The sections of the titles row `t`, as the reader's check counts them (checkReading). */
export const titleSections = (t: string) => {
  const newspaper = `(${t}.type = 'newspaper' OR ${t}.cat_id = ${NEWSPAPER_CATEGORY})`;
  const journal = `(${t}.type = 'journal' OR ${t}.cat_id = ${JOURNAL_SECTION})`;
  return `(CASE WHEN ${newspaper} AND ${journal} THEN ARRAY['newspapers', 'journals'] WHEN ${newspaper} THEN ARRAY['newspapers']
    WHEN ${journal} THEN ARRAY['journals'] ELSE ARRAY['magazines'] END)`;
};
