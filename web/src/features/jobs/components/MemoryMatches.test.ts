import { wordDiff } from './MemoryMatches';

describe('wordDiff', () => {
  it('marks the words only one side has', () => {
    expect(wordDiff('Add the blue shirt to your cart', 'Add the red shirt to your basket')).toEqual([
      { word: 'Add', kind: 'same' },
      { word: 'the', kind: 'same' },
      { word: 'red', kind: 'added' },
      { word: 'blue', kind: 'removed' },
      { word: 'shirt', kind: 'same' },
      { word: 'to', kind: 'same' },
      { word: 'your', kind: 'same' },
      { word: 'basket', kind: 'added' },
      { word: 'cart', kind: 'removed' },
    ]);
    expect(wordDiff('', 'New')).toEqual([{ word: 'New', kind: 'added' }]);
  });
});
