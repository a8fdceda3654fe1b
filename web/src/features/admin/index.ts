export { AdminPage } from './routes/AdminPage';
export { InviteToClientButton } from './components/InviteToClientButton';
export { UserDetailPage } from './routes/UserDetailPage';
