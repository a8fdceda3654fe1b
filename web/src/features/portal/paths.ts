// The portal's screens. Staff screens (/clients, /translation, /job, /rebranding, /admin) are
// not the customer's: the app answers them with its 404 page.
export const PORTAL = '/portal';

export const portalPaths = {
  projects: PORTAL,
  project: (id: number) => `${PORTAL}/projects/${id}`,
  job: (id: number) => `${PORTAL}/jobs/${id}`,
  reviews: `${PORTAL}/reviews`,
  deliveries: `${PORTAL}/deliveries`,
  brand: `${PORTAL}/brand`,
  terms: `${PORTAL}/terms`,
  request: `${PORTAL}/request`,
  siteRequest: `${PORTAL}/request/site`,
};

export interface PortalNavItem {
  label: string;
  to: string;
  /** Active on this path only (the projects list, whose path is the portal's root). */
  end?: boolean;
}

export const portalNav: readonly PortalNavItem[] = [
  { label: 'Projects', to: portalPaths.projects, end: true },
  { label: 'Request', to: portalPaths.request },
  { label: 'Reviews', to: portalPaths.reviews },
  { label: 'Deliveries', to: portalPaths.deliveries },
  { label: 'Brand', to: portalPaths.brand },
  { label: 'Terms', to: portalPaths.terms },
];
