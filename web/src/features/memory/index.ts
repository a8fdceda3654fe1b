export { MemoryTable } from './components/MemoryTable';
