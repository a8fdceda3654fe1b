export { TermTable } from './components/TermTable';
