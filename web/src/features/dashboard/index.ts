export { DashboardPage } from './routes/DashboardPage';
export { dashboardKey } from './api';
