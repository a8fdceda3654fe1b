export { PortalLayout } from './components/PortalLayout';
export { PortalProjectsPage, PortalReviewsPage, PortalDeliveriesPage } from './routes/ProjectListPages';
export { PortalProjectPage } from './routes/PortalProjectPage';
export { PortalJobPage } from './routes/PortalJobPage';
export { PortalBrandPage } from './routes/PortalBrandPage';
export { PortalTermsPage } from './routes/PortalTermsPage';
export { PORTAL, portalPaths } from './paths';
