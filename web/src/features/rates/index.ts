export { RateSchemePanel } from './components/RateSchemePanel';
