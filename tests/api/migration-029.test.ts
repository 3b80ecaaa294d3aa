// Upgrading a database that today's release made (migrations up to 028) to domain ownership and
// unique names: live institutions' domains keep counting (kept, from when they were added), a
// domain two institutions held goes to the one sign-in chose, a public mail service counts for
// nobody, and a shared name is made unique with the change in the activity log.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDb } from '../support/app';
import { migrate, migrationFiles } from '../../src/server/db/migrate';
import type { Db } from '../../src/server/db/index';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
  await migrate(
    db,
    migrationFiles().filter((m) => m.version < 29),
  );
});
afterAll(() => db?.close());

it('keeps the domains of today counting, gives a shared one to one institution, and makes names unique', async () => {
  const ids = (
    await db.query<{ id: number }>(
      `INSERT INTO institutions (name, con_code, email_domains, sub_start, sub_end, created_at) VALUES
         ('Old University', 'OLD-U', '{old.edu,Staff.Old.edu,gmail.com}', now() - interval '2 years', now() + interval '1 year', now() - interval '2 years'),
         ('old  university', 'OLD-B', '{shared.edu}', now() - interval '1 year', now() + interval '1 year', now() - interval '1 year'),
         ('Lapsed College', NULL, '{shared.edu}', now() - interval '3 years', now() - interval '1 day', now() - interval '3 years')
       RETURNING id`,
    )
  ).rows.map((r) => r.id);
  const [oldU, oldB, lapsed] = ids;
  // The librarian added staff.old.edu a month ago (the audit log says when it began to count).
  await db.query(
    `INSERT INTO console_audit (at, actor, institution_id, action, target) VALUES (now() - interval '30 days', 'lib@old.edu', $1, 'domain.add', 'staff.old.edu')`,
    [oldU],
  );

  expect(await migrate(db)).toEqual(
    migrationFiles()
      .filter((m) => m.version >= 29)
      .map((m) => m.name),
  );

  const domains = (
    await db.query<{ institution_id: number; domain: string; proof: string | null; days: number | null }>(
      `SELECT institution_id, domain, proof, round(extract(epoch FROM now() - proven_at) / 86400)::int AS days
       FROM institution_domains ORDER BY institution_id, domain`,
    )
  ).rows;
  expect(domains).toEqual([
    { institution_id: oldU, domain: 'gmail.com', proof: null, days: null },
    { institution_id: oldU, domain: 'old.edu', proof: 'upgrade', days: 730 },
    { institution_id: oldU, domain: 'staff.old.edu', proof: 'upgrade', days: 30 },
    { institution_id: oldB, domain: 'shared.edu', proof: 'upgrade', days: 365 },
    { institution_id: lapsed, domain: 'shared.edu', proof: null, days: null },
  ]);
  const tokens = (await db.query<{ token: string }>('SELECT token FROM institution_domains')).rows.map((r) => r.token);
  expect(new Set(tokens).size).toBe(tokens.length);
  for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);

  const columns = await db.query(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'institutions' AND column_name = 'email_domains'`,
  );
  expect(columns.rows).toEqual([]);

  const names = (await db.query<{ id: number; name: string }>('SELECT id, name FROM institutions ORDER BY id')).rows;
  expect(names).toEqual([
    { id: oldU, name: 'Old University' },
    { id: oldB, name: 'old  university (OLD-B)' },
    { id: lapsed, name: 'Lapsed College' },
  ]);
  const audit = await db.query(`SELECT actor, institution_id, action, before, after FROM console_audit WHERE action = 'branding.name'`);
  expect(audit.rows).toEqual([
    {
      actor: 'operator',
      institution_id: oldB,
      action: 'branding.name',
      before: { name: 'old  university' },
      after: { name: 'old  university (OLD-B)' },
    },
  ]);
  // From now on the database itself refuses a second institution of the same name.
  await expect(
    db.query(`INSERT INTO institutions (name, sub_start, sub_end) VALUES ('OLD UNIVERSITY', now(), now() + interval '1 day')`),
  ).rejects.toThrow(/institutions_name_key_idx/);
});
