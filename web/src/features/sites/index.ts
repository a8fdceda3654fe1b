export { SitesPanel } from './components/SitesPanel';
export { SitePage } from './routes/SitePage';
export { PublishPanel } from './components/PublishPanel';
