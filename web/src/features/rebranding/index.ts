export { RebrandingListPage } from './routes/RebrandingListPage';
export { RebrandingDetailPage } from './routes/RebrandingDetailPage';
export { RebrandingTable } from './components/RebrandingTable';
