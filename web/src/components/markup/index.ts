export { MarkedText } from './MarkedText';
export { decodeReferences, segmentShortcodes, tagLabel, tokenize, type Shortcodes, type Token } from './markup';
