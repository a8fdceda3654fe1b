export { QuotesPage } from './routes/QuotesPage';
export { RequestPage } from './routes/RequestPage';
export { ProjectQuotePanel } from './components/ProjectQuotePanel';
export { ProjectEarningsPanel } from './components/ProjectEarningsPanel';
export { QuoteTermsPanel } from './components/QuoteTermsPanel';
