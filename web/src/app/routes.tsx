// The route table of spec section 2. A feature adds its screens here; cross-feature composition
// (a client's projects tabs, the dashboard's short lists) also happens here, so that features
// never import each other's internals.
import { useQueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { AccountPage } from '../features/account';
import { AdminPage, UserDetailPage } from '../features/admin';
import { LoginPage, LostPasswordPage } from '../features/auth';
import { ClientDetailPage, ClientsPage } from '../features/clients';
import { DashboardPage } from '../features/dashboard';
import { JobPage } from '../features/jobs';
import { RebrandingDetailPage, RebrandingListPage, RebrandingTable } from '../features/rebranding';
import { ProjectTable, TranslationDetailPage, TranslationListPage, translationKeys } from '../features/translation';
import { RequireSession } from './guards';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RecentClients } from './RecentClients';
import { RecentRebranding } from './RecentRebranding';
import { RecentTranslationProjects } from './RecentTranslationProjects';
import { RouteError } from './RouteError';

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/lost-password', element: <LostPasswordPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                index: true,
                element: (
                  <DashboardPage
                    lists={
                      <>
                        <RecentClients />
                        <RecentTranslationProjects />
                        <RecentRebranding />
                      </>
                    }
                  />
                ),
              },
              { path: 'clients', element: <ClientsPage /> },
              {
                path: 'clients/:id',
                element: (
                  <ClientDetailPage
                    translationProjects={(clientId) => <ProjectTable clientId={clientId} shared />}
                    rebrandingProjects={(clientId) => <RebrandingTable clientId={clientId} />}
                  />
                ),
              },
              { path: 'translation', element: <TranslationListPage /> },
              { path: 'translation/:id', element: <TranslationDetailPage /> },
              { path: 'job/:id', element: <JobRoute /> },
              { path: 'rebranding', element: <RebrandingListPage /> },
              { path: 'rebranding/:id', element: <RebrandingDetailPage /> },
              { path: 'account', element: <AccountPage /> },
              { path: 'admin', element: <AdminPage /> },
              { path: 'admin/user/:username', element: <UserDetailPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/** A job page whose edits refresh the translation projects (their translated counts). */
function JobRoute() {
  const queryClient = useQueryClient();
  return <JobPage onSaved={() => queryClient.invalidateQueries({ queryKey: translationKeys.all })} />;
}
