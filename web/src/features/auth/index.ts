export { LoginPage } from './routes/LoginPage';
export { LostPasswordPage } from './routes/LostPasswordPage';
export { ResetPasswordPage } from './routes/ResetPasswordPage';
export { InvitePage } from './routes/InvitePage';
export { ConfirmEmailPage } from './routes/ConfirmEmailPage';
export { useLogout } from './api';
