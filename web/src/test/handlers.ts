import { http, HttpResponse } from 'msw';
import type { Client, DashboardCounts, Project, RebrandingProject } from '../api/types';

/** The rebranding list (all projects, or one client's with `?client_id=`). */
export function rebrandingHandlers(projects: RebrandingProject[] = []) {
  return [
    http.get('*/api/rebranding', ({ request }) => {
      const clientId = new URL(request.url).searchParams.get('client_id');
      return HttpResponse.json(clientId === null ? projects : projects.filter((p) => String(p.client_id) === clientId));
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
    http.get('*/api/client', () => HttpResponse.json(clients)),
    http.get('*/api/translation', () => HttpResponse.json(projects)),
    ...rebrandingHandlers(),
  ];
}
