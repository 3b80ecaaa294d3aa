// Stories and articles (section sec_60).
import type { Queryable } from '../db/index';
import { AGE_RATE_APPLY_BELOW } from '../../shared/constants';
import { STORY_COLUMNS, STORY_JOINS, toStory, type StoryRow } from './cards';

export async function storiesOfIssue(db: Queryable, issueId: number, ageRating?: number) {
  const params: unknown[] = [issueId];
  let where = 's.issue_id = $1';
  if (ageRating && ageRating < AGE_RATE_APPLY_BELOW) {
    params.push(ageRating);
    where += ' AND s.age_rating <= $2';
  }
  const { rows } = await db.query<StoryRow>(`SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS} WHERE ${where} ORDER BY s.published_at DESC`, params);
  return rows.map(toStory);
}

export async function storiesByCategory(db: Queryable, category: string, limit: number) {
  const { rows } = await db.query<StoryRow>(
    `SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS} WHERE s.category = $1 ORDER BY s.published_at DESC LIMIT $2`,
    [category, limit],
  );
  return rows.map(toStory);
}

export async function issueExists(db: Queryable, issueId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM issues WHERE issue_id = $1', [issueId])).rows.length > 0;
}
