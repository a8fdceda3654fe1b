export { ClientsPage } from './routes/ClientsPage';
export { ClientDetailPage, type ClientProjectPanels } from './routes/ClientDetailPage';
export { ClientTable } from './components/ClientTable';
