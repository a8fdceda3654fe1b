export { QuotesPage } from './routes/QuotesPage';
export { RequestPage } from './routes/RequestPage';
export { ProjectQuotePanel } from './components/ProjectQuotePanel';
export { QuoteTermsPanel } from './components/QuoteTermsPanel';
