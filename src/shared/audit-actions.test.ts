// Every action the server records in the audit log has its words on the Activity screen, in
// English and Hindi: the actions are read from the recordAudit calls in the server's source, so a
// new one without a text (or missing from AUDIT_ACTIONS) fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionKey } from './audit-actions';
import en from '../../locales/console/en.json';
import hi from '../../locales/console/hi.json';

const root = path.resolve(__dirname, '../server');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sources(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });

/** The actions written in files that record audit entries: string literals on lines naming an
 * action (`action: 'zone.edit'`, `const action = … ? 'branding.name' : 'branding.logo'`), and the
 * groups of template actions (`id.${decision}`). */
function recorded(): { literals: Set<string>; groups: Set<string> } {
  const literals = new Set<string>();
  const groups = new Set<string>();
  for (const file of sources(root)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('recordAudit(')) continue;
    for (const line of text.split('\n').filter((l) => /\baction\b/.test(l))) {
      for (const m of line.matchAll(/'([a-z]+\.[a-z_]+)'/g)) literals.add(m[1]);
      for (const m of line.matchAll(/`([a-z]+)\.\$\{/g)) groups.add(m[1]);
    }
  }
  return { literals, groups };
}

describe('audit actions', () => {
  const { literals, groups } = recorded();

  it('finds the recorded actions in the source', () => {
    expect(literals.size).toBeGreaterThan(20);
    expect(literals).toContain('member.extend');
    expect(groups).toContain('id');
  });

  it('lists every action the server records', () => {
    for (const action of literals) expect(AUDIT_ACTIONS, action).toContain(action);
    for (const group of groups)
      expect(
        AUDIT_ACTIONS.some((a) => a.startsWith(`${group}.`)),
        group,
      ).toBe(true);
  });

  it('has English and Hindi words for every action', () => {
    const texts: [string, Record<string, string>][] = [
      ['en', en],
      ['hi', hi],
    ];
    for (const action of AUDIT_ACTIONS)
      for (const [lang, file] of texts) expect(file[auditActionKey(action)]?.trim(), `${lang} ${action}`).toBeTruthy();
  });
});
