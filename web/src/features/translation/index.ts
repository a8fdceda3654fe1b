export { TranslationListPage } from './routes/TranslationListPage';
export { TranslationDetailPage } from './routes/TranslationDetailPage';
