export { MyWorkPage } from './routes/MyWorkPage';
export { JobAssignmentPanel } from './components/JobAssignmentPanel';
