export { AdminPage } from './routes/AdminPage';
export { UserDetailPage } from './routes/UserDetailPage';
