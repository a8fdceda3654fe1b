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
