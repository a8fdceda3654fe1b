// Finding the termbase's entries in a segment's source text, for the job page to underline
// them with their target. The server sends the job's entries (those its sources hold); this
// finds where each occurs in one text: as a whole word, ignoring case unless the entry is
// case-sensitive, longer terms first and never overlapping. Inflected forms are the server's
// QA's concern: here a term is underlined as the termbase writes it.
import type { JobDetail } from './api';

export type JobTerm = JobDetail['terms'][number];

export interface TermMatch {
  start: number;
  end: number;
  term: JobTerm;
}

const WORD = /[\p{L}\p{N}_]/u;

const isWord = (char: string | undefined) => char !== undefined && WORD.test(char);

export function findTerms(text: string, terms: readonly JobTerm[]): TermMatch[] {
  const folded = text.toLowerCase();
  // Lower-casing changes the length of a few characters (İ): then only exact case is safe.
  const canFold = folded.length === text.length;
  const longestFirst = [...terms].sort((a, b) => b.source.length - a.source.length);
  const found: TermMatch[] = [];
  for (const term of longestFirst) {
    if (term.source === '') continue;
    const ignoreCase = canFold && !term.case_sensitive;
    const haystack = ignoreCase ? folded : text;
    const needle = ignoreCase ? term.source.toLowerCase() : term.source;
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const whole = !isWord(text[at - 1]) && !isWord(text[end]);
      const free = found.every((other) => end <= other.start || at >= other.end);
      if (whole && free) found.push({ start: at, end, term });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** What the tooltip of an underlined term says. */
export function termHint(term: JobTerm): string {
  const [first, ...others] = term.targets;
  switch (term.kind) {
    case 'do_not_translate':
      return `${term.source}: do not translate`;
    case 'forbidden':
      return `${term.source}: never "${term.targets.join('", "')}"`;
    default:
      return others.length === 0
        ? `${term.source} → ${first ?? ''}`
        : `${term.source} → ${first ?? ''} (also: ${others.join(', ')})`;
  }
}
