export { TranslationListPage } from './routes/TranslationListPage';
export { TranslationDetailPage, type ProjectTab } from './routes/TranslationDetailPage';
export { ProjectTable } from './components/ProjectTable';
export { AnalysisPanel } from './components/AnalysisPanel';
export { translationKeys } from '../../api/queryKeys';
