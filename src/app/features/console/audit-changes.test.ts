import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('lists only the fields that changed, nested ones by dotted name (an object appearing: its fields)', () => {
    expect(
      auditChanges(
        { country: 'IN', endsOn: '2027-01-01', journals: true, sso: null },
        { country: 'IN', endsOn: '2028-01-01', journals: false, sso: { issuer: 'https://idp', secret: 'set' } },
      ),
    ).toEqual([
      { field: 'endsOn', before: '2027-01-01', after: '2028-01-01' },
      { field: 'journals', before: true, after: false },
      { field: 'sso.issuer', before: null, after: 'https://idp' },
      { field: 'sso.secret', before: null, after: 'set' },
    ]);
  });

  it('shows a role granted (nothing before) and removed (nothing after) field by field', () => {
    expect(auditChanges(null, { role: 'librarian', institutionId: 4 })).toEqual([
      { field: 'role', before: null, after: 'librarian' },
      { field: 'institutionId', before: null, after: 4 },
    ]);
    expect(auditChanges({ role: 'admin', institutionId: null }, null)).toEqual([{ field: 'role', before: 'admin', after: null }]);
  });

  it('treats a list or a plain value as one change, and nothing changed as none', () => {
    expect(auditChanges(['a.edu'], ['a.edu', 'b.edu'])).toEqual([{ field: '', before: ['a.edu'], after: ['a.edu', 'b.edu'] }]);
    expect(auditChanges('Old name', 'New name')).toEqual([{ field: '', before: 'Old name', after: 'New name' }]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, undefined)).toEqual([]);
  });
});
