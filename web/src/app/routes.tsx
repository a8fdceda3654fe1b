// The route table: the original tool's routes (docs/product.md). A feature adds its screens
// here; cross-feature composition (a client's projects tabs, the dashboard's short lists) also
// happens here, so that features never import each other's internals.
//
// Only the sign-in screens are in the first download: everything behind a session (the shell
// and each feature's screens) is imported the first time one of its routes is visited, so a new
// visitor's browser fetches the sign-in page and nothing else.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ConfirmEmailPage, InvitePage, LoginPage, LostPasswordPage, ResetPasswordPage } from '../features/auth';
import { CustomerOnly, RequireSession, StaffOnly } from './guards';
import { RouteError } from './RouteError';

/** A route whose component is imported on the first visit (and kept by the router afterwards). */
const loads = (component: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await component() }),
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/lost-password', element: <LostPasswordPage /> },
      { path: '/login/reset/:token', element: <ResetPasswordPage /> },
      { path: '/invite/:token', element: <InvitePage /> },
      { path: '/account/email/:token', element: <ConfirmEmailPage /> },
      // A customer's review link: no session, no app shell, its own chunk.
      { path: '/review/:token', ...loads(() => import('../features/browserReview').then((m) => m.ReviewStartPage)) },
      { path: '/review/:token/job/:jobId', ...loads(() => import('../features/browserReview').then((m) => m.ReviewJobPage)) },
      {
        element: <RequireSession />,
        children: [
          {
            // The staff's app, or the customer portal (docs/product.md): see RoleLayout and the guards.
            ...loads(() => import('./layout/RoleLayout').then((m) => m.loadRoleLayout())),
            children: [
              {
                element: <StaffOnly />,
                children: [
                  { index: true, ...loads(() => import('./screens/Dashboard').then((m) => m.Dashboard)) },
                  { path: 'clients', ...loads(() => import('../features/clients').then((m) => m.ClientsPage)) },
                  { path: 'clients/:id', ...loads(() => import('./screens/ClientDetail').then((m) => m.ClientDetail)) },
                  { path: 'clients/:id/sites/:siteId', ...loads(() => import('../features/sites').then((m) => m.SitePage)) },
                  // A notification's link names the site alone.
                  { path: 'sites/:siteId', ...loads(() => import('../features/sites').then((m) => m.SitePage)) },
                  {
                    path: 'translation',
                    ...loads(() => import('../features/translation').then((m) => m.TranslationListPage)),
                  },
                  {
                    path: 'translation/:id',
                    ...loads(() => import('./screens/TranslationProject').then((m) => m.TranslationProject)),
                  },
                  { path: 'quotes', ...loads(() => import('../features/quotes').then((m) => m.QuotesPage)) },
                  { path: 'job/:id', ...loads(() => import('./screens/Job').then((m) => m.Job)) },
                  {
                    path: 'rebranding',
                    ...loads(() => import('../features/rebranding').then((m) => m.RebrandingListPage)),
                  },
                  {
                    path: 'rebranding/:id',
                    ...loads(() => import('../features/rebranding').then((m) => m.RebrandingDetailPage)),
                  },
                  { path: 'admin', ...loads(() => import('./screens/Admin').then((m) => m.Admin)) },
                  {
                    path: 'admin/user/:username',
                    ...loads(() => import('../features/admin').then((m) => m.UserDetailPage)),
                  },
                ],
              },
              { path: 'account', ...loads(() => import('../features/account').then((m) => m.AccountPage)) },
              { path: 'work', ...loads(() => import('../features/assignments').then((m) => m.MyWorkPage)) },
              {
                path: 'notifications',
                ...loads(() => import('../features/notifications').then((m) => m.NotificationsPage)),
              },
              {
                path: 'portal',
                element: <CustomerOnly />,
                children: [
                  { index: true, ...loads(() => import('./screens/Portal').then((m) => m.PortalProjects)) },
                  { path: 'projects/:id', ...loads(() => import('./screens/Portal').then((m) => m.PortalProject)) },
                  { path: 'jobs/:id', ...loads(() => import('../features/portal').then((m) => m.PortalJobPage)) },
                  { path: 'reviews', ...loads(() => import('../features/portal').then((m) => m.PortalReviewsPage)) },
                  { path: 'deliveries', ...loads(() => import('../features/portal').then((m) => m.PortalDeliveriesPage)) },
                  { path: 'brand', ...loads(() => import('../features/portal').then((m) => m.PortalBrandPage)) },
                  { path: 'terms', ...loads(() => import('./screens/Portal').then((m) => m.PortalTerms)) },
                  { path: 'request', ...loads(() => import('./screens/Portal').then((m) => m.PortalRequest)) },
                  { path: 'request/site', ...loads(() => import('./screens/Portal').then((m) => m.PortalSiteRequest)) },
                ],
              },
              { path: '*', ...loads(() => import('./NotFoundPage').then((m) => m.NotFoundPage)) },
            ],
          },
        ],
      },
    ],
  },
];
