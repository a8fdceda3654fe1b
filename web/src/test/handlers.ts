import { http, HttpResponse } from 'msw';
import type { Client, DashboardCounts, Project, RebrandingProject } from '../api/types';

/**
 * A list answered the way the server pages it: the rows from `offset` (0) up to `limit` (50)
 * as the JSON array, and how many there are in `X-Total-Count`.
 */
export function paged(request: Request, rows: readonly unknown[]) {
  const query = new URL(request.url).searchParams;
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? 50);
  return HttpResponse.json(rows.slice(offset, offset + limit), {
    headers: { 'X-Total-Count': String(rows.length) },
  });
}

/** The rebranding list (all projects, or one client's with `?client_id=`). */
export function rebrandingHandlers(projects: RebrandingProject[] = []) {
  return [
    http.get('*/api/rebranding', ({ request }) => {
      const clientId = new URL(request.url).searchParams.get('client_id');
      return paged(request, clientId === null ? projects : projects.filter((p) => String(p.client_id) === clientId));
    }),
  ];
}

/** What the dashboard loads: its counts and the short client, translation and rebranding lists. */
export function dashboardHandlers(
  counts: DashboardCounts = { clients: 0, translation_projects: 0, rebranding_projects: 0 },
  clients: Client[] = [],
  projects: Project[] = [],
) {
  return [
    http.get('*/api/dashboard', () => HttpResponse.json(counts)),
    http.get('*/api/client', ({ request }) => paged(request, clients)),
    http.get('*/api/translation', ({ request }) => paged(request, projects)),
    ...rebrandingHandlers(),
  ];
}

/** A rate scheme answer: the built-in one, as a fresh installation has it. */
export const builtInScheme = {
  scheme: {
    currency: 'EUR',
    word_price: 0.1,
    minimum_fee: 0,
    mt_price_per_million_characters: 20,
    percentages: { repetition: 10, context: 0, exact: 10, fuzzy95: 30, fuzzy85: 60, fuzzy75: 80, fuzzy50: 100, no_match: 100 },
  },
  source: 'built_in',
} as const;

/** What a client's page loads besides the client in its other tabs (termbase, memory, rates,
 * people), all empty: a test of one tab answers the others with these. */
export function clientTabsHandlers(clientId: number) {
  const empty = ({ request }: { request: Request }) => paged(request, []);
  return [
    http.get(`*/api/client/${clientId}/terms`, empty),
    http.get(`*/api/client/${clientId}/terms/suggestions`, () => HttpResponse.json([])),
    http.get(`*/api/client/${clientId}/term-proposals`, empty),
    http.get(`*/api/client/${clientId}/memory`, empty),
    http.get(`*/api/client/${clientId}/rate-scheme`, () => HttpResponse.json(builtInScheme)),
    http.get(`*/api/client/${clientId}/people`, () => HttpResponse.json([])),
  ];
}
