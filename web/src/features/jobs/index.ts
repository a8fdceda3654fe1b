export { JobPage } from './routes/JobPage';
