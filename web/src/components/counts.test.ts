import { describe, expect, it } from 'vitest';
import { countOf } from './counts';

describe('countOf', () => {
  it('takes the singular for one only, and groups thousands', () => {
    expect(countOf(1, 'file', 'files')).toBe('1 file');
    expect(countOf(0, 'file', 'files')).toBe('0 files');
    expect(countOf(1250, 'segment', 'segments')).toBe('1,250 segments');
    expect(countOf(2, 'memory entry', 'memory entries')).toBe('2 memory entries');
  });
});
