export { MyWorkPage } from './routes/MyWorkPage';
export { JobAssignmentPanel } from './components/JobAssignmentPanel';
export { ProjectAssignPanel } from './components/ProjectAssignPanel';
export { ReturnSegmentButton } from './components/ReturnSegmentButton';
