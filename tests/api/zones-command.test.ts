// The zones command (npm run zones) on a PGlite data directory, as an operator runs it: adds,
// lists, shows the on-site code, audits every change and refuses bad input with exit code 1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../src/server/db/index';
import { pgliteFromTemplate } from '../support/pglite-template';

describe('npm run zones', () => {
  it('the command adds, lists, shows the on-site code, audits and refuses bad input with exit code 1 (PGlite data directory)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-zones-cli-'));
    // The suite's migrated template, when it runs on PGlite: the command's first start then makes
    // no database and runs no migrations (WebAssembly work that took most of two minutes on a
    // loaded machine).
    const template = inject('pgliteTemplate');
    if (template) pgliteFromTemplate(template, dataDir);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/ops/zones.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    try {
      const added = run(
        'add',
        '--name',
        'Campus Café',
        '--cidr',
        '172.30.0.0/16,2001:db8:5::/48',
        '--hours',
        'mon-fri 08:00-20:00, sat 09:00-13:00',
        '--pass-minutes',
        '90',
        '--opens',
        'sections:newspapers,journals',
        '--proof',
        'network',
      );
      expect(added.stderr).toBe('');
      expect(added.status).toBe(0);
      expect(added.stdout).toContain('#1  Campus Café  public');
      const bad = run('edit', '1', '--radius', '5000');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('A place needs --lat, --lng and --radius (metres).');
      const badCidr = run('edit', '1', '--cidr', '10.0.0.0/99', '--tz', 'Nowhere/City');
      expect(badCidr.status).toBe(1);
      expect(badCidr.stderr).toContain('networks.0: expected a network such as 10.20.0.0/16 or 2001:db8::/48');
      expect(badCidr.stderr).toContain('timeZone: expected a time zone such as Asia/Kolkata');
      const list = run();
      expect(list.status).toBe(0);
      expect(list.stdout).toContain('networks: 172.30.0.0/16, 2001:db8:5::/48');
      expect(list.stdout).toContain(
        'hours: mon-fri 08:00-20:00, sat 09:00-13:00 (Asia/Kolkata)   pass: 90 min   opens: sections newspapers,journals',
      );
      expect(list.stdout).toContain('proof of presence: network (its networks, or an arrival the venue reports)');
      // The old flag's value (before migration 034) is none of the four: refused, nothing changed.
      const unknown = run('edit', '1', '--proof', 'required');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('--proof: expected network, place, place+code, any');
      const code = run('code', '1');
      expect(code.status).toBe(0);
      expect(code.stdout).toMatch(
        /^Campus Café: \d{3} \d{3} until \d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z \(a new code every 5 minutes; the one before still counts\)$/m,
      );
      expect(run('remove', '7').status).toBe(1);
      // Every change is audited as the operator's; the private and documentation ranges are flagged as wide.
      const db = await openPglite(path.join(dataDir, 'pg'));
      try {
        const { rows } = await db.query('SELECT actor, action, target, after FROM console_audit ORDER BY id');
        expect(rows).toEqual([
          { actor: 'operator', action: 'zone.wide', target: '1', after: { networks: ['172.30.0.0/16', '2001:db8:5::/48'] } },
          expect.objectContaining({ actor: 'operator', action: 'zone.create', target: '1' }),
        ]);
        expect(rows[1].after).toMatchObject({ name: 'Campus Café', proof: 'network', networks: ['172.30.0.0/16', '2001:db8:5::/48'] });
      } finally {
        await db.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
