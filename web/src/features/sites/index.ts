export { SitesPanel } from './components/SitesPanel';
export { SitePage } from './routes/SitePage';
export { PublishPanel } from './components/PublishPanel';
export { ChangedSitesCard } from './components/ChangedSitesCard';
export { SiteChecksPanel } from './components/SiteChecksPanel';
export { SiteRequestPage } from './routes/SiteRequestPage';
export { WaitingRequests } from './components/WaitingRequests';
