// Every action the console's audit log records (recordAudit), each shown in words on the Activity
// screen (locales/console: action_<group>_<verb>). A new action goes here first: recordAudit takes
// only these, and a test fails on an action without its English and Hindi text.
export const AUDIT_ACTIONS = [
  'branding.logo',
  'branding.name',
  'code.disable',
  'codes.create',
  'domain.add',
  'domain.approve',
  'domain.refuse',
  'domain.remove',
  'domain.verify',
  'enquiry.status',
  'id.approve',
  'id.reject',
  'institution.create',
  'ip_range.add',
  'ip_range.approve',
  'ip_range.propose',
  'ip_range.remove',
  'institution.update',
  'member.extend',
  'member.import',
  'member.invite',
  'member.remove',
  'privacy.update',
  'role.grant',
  'role.remove',
  'saml.off',
  'saml.set',
  'sso.off',
  'sso.set',
  'sushi.rotate',
  'zone.create',
  'zone.edit',
  'zone.radius',
  'zone.radius_remove',
  'zone.remove',
  'zone.webhook_secret',
  'zone.wide',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The console text that names an action: `id.approve` → `action_id_approve`. */
export const auditActionKey = (action: string) => `action_${action.replace('.', '_')}`;
