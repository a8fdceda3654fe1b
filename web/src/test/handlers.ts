import { http, HttpResponse } from 'msw';
import type { Client, DashboardCounts } from '../api/types';
import type { Project } from '../features/translation/api';

/** What the dashboard loads: its counts and the short client and translation project lists. */
export function dashboardHandlers(
  counts: DashboardCounts = { clients: 0, translation_projects: 0, rebranding_projects: 0 },
  clients: Client[] = [],
  projects: Project[] = [],
) {
  return [
    http.get('*/api/dashboard', () => HttpResponse.json(counts)),
    http.get('*/api/client', () => HttpResponse.json(clients)),
    http.get('*/api/translation', () => HttpResponse.json(projects)),
  ];
}
