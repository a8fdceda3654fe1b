import { Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { type Shortcodes, type Token, decodeReferences, tagLabel, tokenize } from './markup';
import classes from './MarkedText.module.css';

interface MarkedTextProps {
  text: string | null | undefined;
  /** Which `[name]`s are tags here (`segmentShortcodes`). */
  shortcodes: Shortcodes;
  /** Clamp to this many lines (table rows); absent shows everything. */
  lines?: number;
  placeholder?: string;
  /** Renders each run of text between tags (the job page underlines its terms); plain text by default. */
  renderText?: (text: string, key: number) => ReactNode;
  /**
   * For who reads and does not edit (the customer's job page): comments (WordPress's block
   * markers, `<!-- wp:heading -->`) left out and character references (`&amp;`) shown as their
   * characters. Who translates sees both as they are, since the translation must keep them.
   */
  reading?: boolean;
}

/** Segment text with its inline markup as small coloured tags; every piece is rendered as text. */
export function MarkedText({ text, shortcodes, lines, placeholder = '—', renderText, reading = false }: MarkedTextProps) {
  const tokens = useMemo(() => {
    const all = text ? tokenize(text, shortcodes) : [];
    if (!reading) return all;
    return all.flatMap((token): Token[] => {
      if (token.kind === 'tag' && token.role === 'comment') return [];
      return token.kind === 'text' ? [{ kind: 'text', text: decodeReferences(token.text) }] : [token];
    });
  }, [text, shortcodes, reading]);
  if (!text) {
    return (
      <Text size="sm" c="dimmed" span>
        {placeholder}
      </Text>
    );
  }
  return (
    // A div, not a paragraph: a run may carry a tooltip, whose dropdown is a div (rendered in
    // place wherever portals are off, as in the tests).
    <Text component="div" size="sm" lineClamp={lines} className={classes.text}>
      {tokens.map((token, index) => {
        if (token.kind === 'text') return renderText ? renderText(token.text, index) : token.text;
        if (token.kind === 'shortcode') {
          return (
            <span key={index} className={classes.shortcode} title={token.text} data-markup="shortcode">
              [{token.name}]
            </span>
          );
        }
        return (
          <span key={index} className={classes[token.role]} title={token.text} data-markup="tag">
            {tagLabel(token)}
          </span>
        );
      })}
    </Text>
  );
}
