// What an audit entry changed, as rows a person can read: each field whose value differs between
// before and after (nested objects by dotted name, e.g. sso.issuer); a list or a plain value that
// changed as a whole is one row with no field name.
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function flatten(v: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isRecord(v)) for (const [k, inner] of Object.entries(v)) flatten(inner, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, v);
}

export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before ?? null) === JSON.stringify(after ?? null) ? [] : [{ field: '', before, after }];
  }
  const [b, a] = [new Map<string, unknown>(), new Map<string, unknown>()];
  flatten(before ?? {}, '', b);
  flatten(after ?? {}, '', a);
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  return fields
    .filter((f) => JSON.stringify(b.get(f) ?? null) !== JSON.stringify(a.get(f) ?? null))
    .map((field) => ({ field, before: b.get(field) ?? null, after: a.get(field) ?? null }));
}
