// Students for the benches that read signed in: institutions with a live subscription, members,
// a live session each and its token, made straight in the database and signed with the server's
// own key as signing in would (thousands of password checks would measure the hash).
import crypto from 'node:crypto';
import { openDb } from '../src/server/db/index';
import { serverSecret } from '../src/server/services/secrets';
import { hs256Key } from '../src/server/services/verified-tokens';
import { signSessionToken } from '../src/server/plugins/auth';

export interface Student {
  institution: number;
  token: string;
}
/** An issue whose first three pages have images, and its title. */
export interface Issue {
  issue_id: number;
  mid: number;
}

/** `institutions` × `perInstitution` students, named by `tag`: a later run with the same tag on a
 * reused cluster replaces the earlier run's institutions and students. */
export async function makeStudents(
  databaseUrl: string,
  dataDir: string,
  { tag, institutions, perInstitution }: { tag: string; institutions: number; perInstitution: number },
): Promise<{ students: Student[]; issues: Issue[] }> {
  const db = await openDb({ databaseUrl, dataDir });
  const email = `${tag}-%@${tag}.example`;
  const code = `${tag.toUpperCase()}-`;
  try {
    await db.query(`DELETE FROM users WHERE email LIKE $1`, [email]);
    await db.query(`DELETE FROM institutions WHERE con_code LIKE $1`, [`${code}%`]);
    const { rows: insts } = await db.query<{ id: number }>(
      `INSERT INTO institutions (name, con_code, sub_start, sub_end, newspapers, journals, country, age_rating, contact_email)
       SELECT initcap($3) || ' College ' || g, $2 || g, now() - interval '100 days', now() + interval '300 days', true, true, 'IN', 9,
              'librarian@college' || g || '.example'
       FROM generate_series(1, $1::int) g RETURNING id`,
      [institutions, code, tag],
    );
    const { rows: users } = await db.query<{ id: number; uuid: string; institution_id: number }>(
      `INSERT INTO users (uuid, email, email_verified, first_name, last_name, institution_id)
       SELECT gen_random_uuid(), $3 || '-' || i || '-' || s || '@' || $3 || '.example', true, 'Student', s::text, i
       FROM unnest($1::int[]) i, generate_series(1, $2::int) s RETURNING id, uuid, institution_id`,
      [insts.map((i) => i.id), perInstitution, tag],
    );
    const sessions = users.map(() => crypto.randomUUID());
    await db.query(
      `INSERT INTO user_sessions (id, user_id, user_agent, expires_at)
       SELECT s, u, $3, now() + interval '30 days' FROM unnest($1::uuid[], $2::int[]) AS x(s, u)`,
      [sessions, users.map((u) => u.id), `bench:${tag}`],
    );
    // The same token signing in gives (plugins/auth.ts).
    const key = await hs256Key(await serverSecret(db, 'token-signing-key'));
    const students = await Promise.all(
      users.map(async (u, k) => ({ institution: u.institution_id, token: await signSessionToken(key, sessions[k], u.uuid) })),
    );
    // Issues whose first three pages have images (the demo library's), any kind of title.
    const { rows } = await db.query<Issue>(
      `SELECT p.issue_id, i.mid FROM pages p JOIN issues i ON i.issue_id = p.issue_id JOIN titles t ON t.mid = i.mid
       WHERE p.page_no = 3 AND p.image_small IS NOT NULL AND t.age_rating <= 9 AND t.blocked_countries = '{}'
       ORDER BY p.issue_id LIMIT 40`,
    );
    if (!rows.length) throw new Error('no issue with page images in the catalogue (the demo library is loaded first by the seed)');
    // A database in service has been vacuumed since its members joined: without this, autovacuum
    // comes for the rows just deleted and made while the bench runs.
    await db.exec('VACUUM ANALYZE users, user_sessions, institutions');
    return { students, issues: rows };
  } finally {
    await db.close();
  }
}
