import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { SegmentMatch } from '../../../api/types';
import { MarkedText, type Shortcodes } from '../../../components/markup';

/** A word of a diff: kept, or only in the query's source ('added'), or only in the match's ('removed'). */
export interface DiffWord {
  word: string;
  kind: 'same' | 'added' | 'removed';
}

/** The words of `from` turned into `to`, by their longest common subsequence. */
export function wordDiff(from: string, to: string): DiffWord[] {
  const a = from.split(/\s+/).filter(Boolean);
  const b = to.split(/\s+/).filter(Boolean);
  const width = b.length + 1;
  // lcs[i * width + j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = new Uint32Array((a.length + 1) * width);
  const at = (i: number, j: number) => lcs[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const out: DiffWord[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    if (left !== undefined && left === right) {
      out.push({ word: left, kind: 'same' });
      i++;
      j++;
    } else if (right !== undefined && (left === undefined || at(i, j + 1) >= at(i + 1, j))) {
      out.push({ word: right, kind: 'added' });
      j++;
    } else if (left !== undefined) {
      out.push({ word: left, kind: 'removed' });
      i++;
    }
  }
  return out;
}

function Diff({ words }: { words: DiffWord[] }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {words.map((w, index) => (
        <span
          key={index}
          style={{
            background: w.kind === 'added' ? 'var(--mantine-color-green-1)' : undefined,
            textDecoration: w.kind === 'removed' ? 'line-through' : undefined,
            // red-9: red-8 falls under 4.5:1 on the open editor's light blue row.
            color: w.kind === 'removed' ? 'var(--mantine-color-red-9)' : undefined,
          }}
        >
          {w.word}{' '}
        </span>
      ))}
    </Text>
  );
}

/**
 * The segment's memory matches, best first, numbered for Ctrl+1…9: each with its score, how
 * the remembered source differs from this one word by word, and its translation.
 */
export function MemoryMatches({
  matches,
  source,
  shortcodes,
  onInsert,
}: {
  matches: readonly SegmentMatch[];
  source: string;
  shortcodes: Shortcodes;
  onInsert?: ((n: number) => void) | undefined;
}) {
  return (
    <Stack gap={8} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {matches.map((match, index) => (
        <li key={match.entry.id} data-match={index + 1}>
          <Group gap="xs">
            {/* Orange, not yellow: yellow's light badge falls under 4.5:1. */}
            <Badge variant="light" color={match.score >= 100 ? 'green' : match.score >= 85 ? 'teal' : 'orange'}>
              {match.score} %
            </Badge>
            {onInsert !== undefined && (
              <Button size="compact-xs" variant="subtle" onClick={() => onInsert(index + 1)}>
                Insert match {index + 1} (Ctrl+{index + 1})
              </Button>
            )}
          </Group>
          <Diff words={wordDiff(match.entry.source, source)} />
          <MarkedText text={match.entry.target} shortcodes={shortcodes} />
        </li>
      ))}
    </Stack>
  );
}
