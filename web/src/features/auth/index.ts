export { LoginPage } from './routes/LoginPage';
export { LostPasswordPage } from './routes/LostPasswordPage';
export { useLogout } from './api';
