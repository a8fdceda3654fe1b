import { http, HttpResponse } from 'msw';
import type { Client, DashboardCounts } from '../api/types';

/** What the dashboard loads: its counts and the short client list. */
export function dashboardHandlers(counts: DashboardCounts = { clients: 0, translation_projects: 0, rebranding_projects: 0 }, clients: Client[] = []) {
  return [
    http.get('*/api/dashboard', () => HttpResponse.json(counts)),
    http.get('*/api/client', () => HttpResponse.json(clients)),
  ];
}
