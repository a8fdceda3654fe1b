import { fromField, insertTag, keepsTags, preCheck, removeTag, tagTable, tagsIn, toField } from './tags';

const source = 'Read <a href="/x">the <b>terms</b></a> [gallery id="1"] now';
const shortcodes = ['gallery'];

describe('tag placeholders', () => {
  const table = tagTable(source, 'Lies <a href="/x">die <b>AGB</b></a> [gallery id="1"] jetzt', shortcodes);

  it('numbers the source tags and shows short labels', () => {
    expect(table.placeholders).toEqual(['⟦1:<a>⟧', '⟦2:<b>⟧', '⟦3:</b>⟧', '⟦4:</a>⟧', '⟦5:[gallery]⟧']);
    expect(table.sourceCount).toBe(5);
  });

  it('round-trips a translation through the field unchanged', () => {
    const target = 'Lies <a href="/x">die <b>AGB</b></a> [gallery id="1"] jetzt';
    const field = toField(target, table, shortcodes);
    expect(field).toBe('Lies ⟦1:<a>⟧die ⟦2:<b>⟧AGB⟦3:</b>⟧⟦4:</a>⟧ ⟦5:[gallery]⟧ jetzt');
    expect(fromField(field, table)).toBe(target);
  });

  it('refuses an edit that damages, deletes or duplicates a placeholder', () => {
    const field = 'Lies ⟦1:<a>⟧die ⟦2:<b>⟧AGB⟦3:</b>⟧⟦4:</a>⟧';
    expect(keepsTags(field, field.replace('die', 'the'), table)).toBe(true);
    expect(keepsTags(field, field.replace('⟦2:<b>⟧', '⟦2:<b⟧'), table)).toBe(false);
    expect(keepsTags(field, field.replace('⟦3:</b>⟧', ''), table)).toBe(false);
    expect(keepsTags(field, `${field}⟦1:<a>⟧`, table)).toBe(false);
  });

  it('removes and inserts a tag explicitly (a move), never inside another placeholder', () => {
    const field = 'A ⟦2:<b>⟧B⟦3:</b>⟧ C';
    const removed = removeTag(field, table, 1);
    expect(removed).toBe('A B⟦3:</b>⟧ C');
    expect(tagsIn(removed, table).absent).toContain(1);
    expect(insertTag(removed, table, 1, 4)).toEqual({ value: 'A B⟦3:</b>⟧⟦2:<b>⟧ C', caret: 4 + 7 + 7 });
    expect(insertTag(removed, table, 1, 0).value).toBe('⟦2:<b>⟧A B⟦3:</b>⟧ C');
  });

  it('keeps a tag only the translation has as its own placeholder', () => {
    const own = tagTable('Hello', 'Hallo<br/>', []);
    expect(own.placeholders).toEqual(['⟦1:<br/>⟧']);
    expect(own.sourceCount).toBe(0);
    expect(fromField(toField('Hallo<br/>', own, []), own)).toBe('Hallo<br/>');
  });

  it('leaves text that merely looks like a placeholder as text', () => {
    expect(fromField('⟦9:<x>⟧ ok', table)).toBe('⟦9:<x>⟧ ok');
  });
});

describe('preCheck', () => {
  const table = tagTable('Pay 20 € by <b>May 3</b>', '', []);

  it('reports removed tags, missing numbers, empty text and edge spaces', () => {
    expect(preCheck('Pay 20 € by <b>May 3</b>', 'Zahlen Sie 20 € bis ⟦1:<b>⟧3. Mai⟦2:</b>⟧', table, [])).toEqual([]);
    expect(preCheck('Pay 20 € by <b>May 3</b>', 'Zahlen Sie bis 3. Mai⟦2:</b>⟧ ', table, []).map((f) => f.kind)).toEqual([
      'tags',
      'numbers',
      'whitespace',
    ]);
    expect(preCheck('Pay 20 € by <b>May 3</b>', '', table, []).map((f) => f.kind)).toEqual(['tags', 'empty', 'numbers']);
  });
});
