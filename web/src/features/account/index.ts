export { AccountPage } from './routes/AccountPage';
