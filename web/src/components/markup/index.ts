export { MarkedText } from './MarkedText';
export { segmentShortcodes, tagLabel, tokenize, type Shortcodes, type Token } from './markup';
