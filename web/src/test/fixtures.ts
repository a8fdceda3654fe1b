import type { Session } from '../api/session';
import type { Permission } from '../api/permissions';
import type { LoggedUser, Site, SiteRequest, User } from '../api/types';

// What the server's policy answers for each role at sign-in (crates/server/src/policy.rs).
const everyone: Permission[] = ['projects.read', 'matches.read', 'account.own', 'build_info.read'];
const reads: Permission[] = [...everyone, 'clients.read', 'memory.read', 'terms.read'];
// Translators reach their assigned jobs only: no client's records, no rates.
const translates: Permission[] = [
  ...everyone,
  'segments.write',
  'comments.write',
  'assignments.read',
  'assignments.respond',
];
// The agency's rates are for its own people, never for customers.
const runsProjects: Permission[] = [
  ...reads,
  'segments.write',
  'comments.write',
  'rates.read',
  'review_links.read',
  'assignments.read',
  'assignments.manage',
  'clients.write',
  'clients.delete',
  'people.read',
  'projects.write',
  'projects.delete',
  'pretranslation.run',
  'review_links.manage',
  'deliveries.download',
  'memory.write',
  'terms.write',
  'rates.write',
  'projects.request',
  'quotes.manage',
  'sites.read',
  'sites.manage',
];
const administers: Permission[] = [
  ...runsProjects,
  'reviews.own',
  'assignments.respond',
  'users.manage',
  'audit.read',
  'settings.manage',
  'archive.manage',
  'quotes.answer',
];
const customers: Permission[] = [
  ...reads,
  'reviews.own',
  'deliveries.download',
  'terms.propose',
  'projects.request',
  'quotes.answer',
  'sites.read',
];

export const adminUser: LoggedUser = {
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  role: 'admin',
  token: 'admin-token',
  client_ids: [],
  clients: [],
  permissions: administers,
};

export const editorUser: LoggedUser = {
  username: 'ed',
  first_name: 'Ed',
  last_name: 'Itor',
  email: 'ed@example.com',
  role: 'editor',
  token: 'editor-token',
  client_ids: [],
  clients: [],
  permissions: runsProjects,
};

export const translatorUser: LoggedUser = {
  username: 'tina',
  first_name: 'Tina',
  last_name: 'Translator',
  email: 'tina@example.com',
  role: 'translator',
  token: 'translator-token',
  client_ids: [],
  clients: [],
  permissions: translates,
};

export const customerUser: LoggedUser = {
  username: 'cus',
  first_name: 'Cus',
  last_name: 'Tomer',
  email: 'cus@example.com',
  role: 'customer',
  token: 'customer-token',
  client_ids: [7],
  clients: [{ id: 7, client_name: 'Acme', logo_url: '/api/client/7/logo' }],
  permissions: customers,
};

export function sessionFor(user: LoggedUser): Session {
  return { token: user.token, user_object: user };
}

export function userRecord(user: LoggedUser, id: number): User {
  return {
    id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    client_ids: user.role === 'customer' ? [7] : [],
    date_created: '2026-01-15T10:00:00Z',
  };
}

/** A connected WordPress site of the client 7, its content read. */
export const siteFixture: Site = {
  id: 3,
  client_id: 7,
  name: 'Acme shop',
  url: 'https://shop.acme.example',
  username: 'editor',
  password_last4: 'uvwx',
  created_at: '2026-03-01T09:30:00Z',
  updated_at: '2026-03-01T09:30:00Z',
  refreshed_at: '2026-03-01T09:40:00Z',
  content_checked_at: '2026-03-01T09:40:00Z',
  content_check_error: null,
  connection: {
    checked_at: '2026-03-01T09:35:00Z',
    problem: null,
    wordpress_version: '6.1.9',
    plugin_version: '1.0.0',
    bundled_plugin_version: '1.0.0',
    plugin_update_available: false,
    multilingual: 'wpml',
    source_language: 'en',
    languages: ['de', 'fr'],
  },
};

/** A customer's request for two pages of `siteFixture` (one no longer on the site), waiting for its project. */
export const siteRequestFixture: SiteRequest = {
  id: 5,
  site_id: 3,
  site_name: 'Acme shop',
  title: 'Team page in French',
  requested_by: 40,
  requester_name: 'Sina Seite',
  due_date: '2026-12-20',
  note: 'Before the fair, please.',
  pages: [
    { item_id: 11, title: 'Our team', post_type: 'page' },
    { item_id: 99, title: null, post_type: null },
  ],
  target_langs: ['fr'],
  created_at: '2026-12-06T10:00:00Z',
  project_id: null,
};
