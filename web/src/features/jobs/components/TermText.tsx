// A source text's terms underlined, their target in a tooltip.
import { Tooltip } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { findTerms, termHint, type JobTerm } from '../termHighlight';
import classes from './TermText.module.css';

/** A `MarkedText` renderer for runs of text: each term of `terms` underlined, with its hint. */
export function termRenderer(terms: readonly JobTerm[]): ((text: string, key: number) => ReactNode) | undefined {
  if (terms.length === 0) return undefined;
  return function TermRun(text, key) {
    const matches = findTerms(text, terms);
    if (matches.length === 0) return text;
    const pieces: ReactNode[] = [];
    let at = 0;
    for (const match of matches) {
      pieces.push(text.slice(at, match.start));
      pieces.push(
        <Tooltip key={match.start} label={termHint(match.term)} withArrow>
          <span className={classes.term} data-term-kind={match.term.kind} aria-label={termHint(match.term)}>
            {text.slice(match.start, match.end)}
          </span>
        </Tooltip>,
      );
      at = match.end;
    }
    pieces.push(text.slice(at));
    return <Fragment key={key}>{pieces}</Fragment>;
  };
}
