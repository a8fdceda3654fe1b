import { tagLabel, tokenize } from './markup';

describe('tokenize', () => {
  it('splits HTML tags, comments and shortcodes from text', () => {
    const tokens = tokenize('Hi <a href="/x">there</a><br/> <!-- c --> [gallery id="1"] & <b>');
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ['text', 'Hi '],
      ['tag', '<a href="/x">'],
      ['text', 'there'],
      ['tag', '</a>'],
      ['tag', '<br/>'],
      ['text', ' '],
      ['tag', '<!-- c -->'],
      ['text', ' '],
      ['shortcode', '[gallery id="1"]'],
      ['text', ' & '],
      ['tag', '<b>'],
    ]);
  });

  it('treats XLIFF inline elements as tags and leaves lone angle brackets as text', () => {
    const tokens = tokenize('1 < 2 <g id="1">bold</g><x id="2"/> <ph id="3">{0}</ph>');
    const labels = tokens.flatMap((t) => (t.kind === 'tag' ? [tagLabel(t)] : []));
    expect(labels).toEqual([
      '<g>',
      '</g>',
      '<x/>',
      '<ph>',
      '</ph>',
    ]);
    expect(tokens[0]).toEqual({ kind: 'text', text: '1 < 2 ' });
  });
});
