export { ReviewStartPage } from './routes/ReviewStartPage';
export { ReviewJobPage } from './routes/ReviewJobPage';
