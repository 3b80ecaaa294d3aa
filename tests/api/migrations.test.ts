import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDb } from '../support/app';
import { migrate, migrationFiles } from '../../src/server/db/migrate';
import type { Db } from '../../src/server/db/index';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(() => db?.close());

const tables = async () =>
  (
    await db.query<{ t: string }>(`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)
  ).rows.map((r) => r.t);

it('applies every migration once; a second run is a no-op', async () => {
  expect(await migrate(db)).toEqual(migrationFiles().map((m) => m.name));
  const before = await tables();
  expect(before).toEqual(expect.arrayContaining(['titles', 'issues', 'pages', 'stories', 'institutions', 'users', 'usage_events']));
  expect(await migrate(db)).toEqual([]);
  expect(await tables()).toEqual(before);
});

it('a failing migration leaves the database as it was', async () => {
  const before = await tables();
  const broken = [
    ...migrationFiles(),
    { version: 999, name: '999_broken.sql', sql: 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;' },
  ];
  await expect(migrate(db, broken)).rejects.toThrow(/no_such_table/);
  expect(await tables()).toEqual(before);
  const versions = (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version);
  expect(versions).not.toContain(999);
});
