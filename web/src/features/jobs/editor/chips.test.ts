import { describe, expect, it } from 'vitest';
import { chipOf, extraMarkup, missingMarkup, piecesOf, replaceInText, textOf } from './chips';

describe('chips', () => {
  it('split a target into text and chips and join them back byte for byte', () => {
    const target = 'Hallo <a href="/x"  title=\'y\'>Welt</a> &amp; [gallery ids="1"]<br/>';
    const pieces = piecesOf(target, null);
    expect(pieces.map((piece) => ('chip' in piece ? piece.chip.label : piece.text))).toEqual([
      'Hallo ',
      '<a>',
      'Welt',
      '</a>',
      ' &amp; ',
      '[gallery]',
      '<br/>',
    ]);
    expect(textOf(pieces)).toBe(target);
  });

  it('make a chip of one whole tag only', () => {
    expect(chipOf('<b>', null)).toEqual({ raw: '<b>', label: '<b>', kind: 'open' });
    expect(chipOf('[/caption]', null)?.label).toBe('[/caption]');
    expect(chipOf('<b>x', null)).toBeNull();
    expect(chipOf('plain', null)).toBeNull();
  });

  it("name the source's tags the target lacks, repeats counted, and the ones it adds", () => {
    const source = 'A<br/>B<br/><b>C</b>';
    expect(missingMarkup(source, 'A<br/>B C</b>', null)).toEqual(['<br/>', '<b>']);
    expect(missingMarkup(source, source, null)).toEqual([]);
    expect(extraMarkup(source, `${source}<i>`, null)).toEqual(['<i>']);
  });

  it('replace text outside the markup only', () => {
    const target = 'Cart <a title="Cart">cart</a> [cart]';
    expect(replaceInText(target, 'cart', 'Korb', ['cart'], false)).toEqual({
      text: 'Korb <a title="Cart">Korb</a> [cart]',
      count: 2,
    });
    expect(replaceInText(target, 'cart', 'Korb', ['cart'], true).count).toBe(1);
    expect(replaceInText(target, 'a.b', 'x', null, true).count).toBe(0);
    expect(replaceInText(target, '', 'x', null, true).count).toBe(0);
  });
});
