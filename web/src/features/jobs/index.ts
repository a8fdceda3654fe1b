export { JobPage } from './routes/JobPage';
export { jobKeys, useDeleteJob, type Job, type JobId } from './api';
