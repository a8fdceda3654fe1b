import type { AuditAction, AuditEvent } from '../../api/types';

/** Every action the server records, with the words the audit log shows for it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  user_created: 'User created',
  user_changed: 'User changed',
  user_deleted: 'User deleted',
  password_changed: 'Password changed',
  client_created: 'Client created',
  client_changed: 'Client changed',
  client_deleted: 'Client deleted',
  client_exported: 'Client archive exported',
  client_imported: 'Client archive imported',
  translation_created: 'Translation project created',
  translation_deleted: 'Translation project deleted',
  file_added: 'File added to a project',
  status_changed: 'Status changed by hand',
  pretranslation_started: 'Pre-translation started',
  xlsx_downloaded: 'XLSX downloaded',
  corrections_imported: 'Corrections imported',
  xliff_downloaded: 'XLIFF downloaded',
  delivery_downloaded: 'Delivery downloaded',
  rebranding_created: 'Rebranding project created',
  rebranding_deleted: 'Rebranding project deleted',
  package_downloaded: 'Brand package downloaded',
  mt_settings_changed: 'MT settings changed',
  audit_exported: 'Audit log exported',
  review_link_created: 'Review link created',
  review_link_revoked: 'Review link revoked',
  review_link_extended: 'Review link extended',
  review_submitted: 'Review submitted',
  memory_imported: 'Translation memory imported',
  terms_imported: 'Termbase imported',
  memory_entry_changed: 'Memory entry changed',
  memory_entry_deleted: 'Memory entry deleted',
  rate_scheme_changed: 'Rate scheme changed',
  invitation_sent: 'Invitation sent',
  invitation_accepted: 'Invitation accepted',
  invitation_revoked: 'Invitation withdrawn',
  password_reset_requested: 'Password reset requested',
  password_reset_completed: 'Password reset completed',
  mail_retried: 'Failed mail sent again',
  term_proposed: 'Term proposed',
  term_proposal_accepted: 'Term proposal accepted',
  term_proposal_refused: 'Term proposal refused',
  translation_requested: 'Translation requested',
  quote_sent: 'Quote sent',
  quote_accepted: 'Quote accepted',
  quote_declined: 'Quote declined',
  quote_terms_changed: 'Quote terms changed',
  site_added: 'WordPress site added',
  site_changed: 'WordPress site changed',
  site_removed: 'WordPress site removed',
  site_project_created: 'Project created from a WordPress site',
  site_publish_started: 'Publishing to WordPress started',
  assignment_offered: 'Job offered to a translator',
  assignment_accepted: 'Assignment accepted',
  assignment_declined: 'Assignment declined',
  assignment_delivered: 'Assignment delivered',
  assignment_returned: 'Assignment returned',
  assignment_closed: 'Assignment closed',
  assignment_withdrawn: 'Assignment withdrawn',
  site_checks_changed: 'Schedule of site checks changed',
};

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

const TARGET_LABELS: Record<NonNullable<AuditEvent['target_kind']>, string> = {
  user: 'user',
  client: 'client',
  translation_project: 'translation project',
  rebranding_project: 'rebranding project',
  mt_settings: 'MT settings',
  invitation: 'invitation',
  mail: 'mail',
  term_proposal: 'term proposal',
  site: 'site',
  assignment: 'assignment',
};

/** `Acme (client #3)`; empty for events without a target. */
export function targetText(event: AuditEvent): string {
  if (event.target_kind == null) return '';
  const kind = TARGET_LABELS[event.target_kind];
  const id = event.target_id == null ? '' : ` #${event.target_id}`;
  return event.target_label ? `${event.target_label} (${kind}${id})` : `${kind}${id}`;
}

/** `files: 2, bytes: 1200`: the detail's fields on one line. */
export function detailText(detail: AuditEvent['detail']): string {
  if (detail == null) return '';
  return Object.entries(detail)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

/** `2026-11-24 06:12:55 UTC`: the log's times are UTC, as its filters' days are. */
export function utcText(value: string): string {
  return value.replace('T', ' ').replace(/(\.\d+)?(Z|\+00:00)$/, ' UTC');
}
