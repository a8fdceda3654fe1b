// The customer's work on one page (job): each translatable segment's current text, what the
// server has of it (draft and revision), its QA, approval and comments. Drafts are saved as the
// customer types (600 ms after the last key, at once when the field loses focus); a save refused
// because someone else changed the segment (409) keeps both texts for the customer to choose.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import {
  addComment,
  reviewKeys,
  revertSegment,
  saveDraft,
  setApproved,
  type DraftConflict,
  type QaFlag,
  type ReviewJob,
  type ReviewSegment,
} from './api';

export const SAVE_DELAY_MS = 600;

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export interface RowState {
  segment: ReviewSegment;
  /** What the field holds (real markup, not placeholders). */
  text: string;
  /** What the server holds: the draft, or the target without one. */
  saved: string;
  revision: number;
  qa: QaFlag[];
  save: SaveState;
  /** The other version after a refused save, until the customer chooses. */
  conflict: DraftConflict | null;
  error: string | null;
  /** Bumped when the text is replaced from outside the field (revert, taking theirs). */
  replaced: number;
}

export type Rows = ReadonlyMap<number, RowState>;

const serverText = (segment: ReviewSegment) => segment.draft ?? segment.target ?? '';

function initialRows(job: ReviewJob): Map<number, RowState> {
  const rows = new Map<number, RowState>();
  for (const segment of job.segments) {
    if (!segment.translatable) continue;
    const text = serverText(segment);
    rows.set(segment.id, {
      segment,
      text,
      saved: text,
      revision: segment.revision,
      qa: segment.qa_warnings,
      save: 'saved',
      conflict: null,
      error: null,
      replaced: 0,
    });
  }
  return rows;
}

function isConflict(body: unknown): body is DraftConflict {
  return typeof body === 'object' && body !== null && 'current_revision' in body;
}

const reason = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? `The server answered ${error.status}.`) : 'The server could not be reached.';

/** The rows, their overall save state, and every action on a row. */
export function useReviewRows(token: string, job: ReviewJob) {
  const [rows, setRows] = useState<Map<number, RowState>>(() => initialRows(job));
  const queryClient = useQueryClient();
  // The start page's counts (approved, changed, comments) follow every change the server took;
  // marked stale, not fetched now, so typing does not refetch them.
  const changedOnServer = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: reviewKeys.start(token), refetchType: 'none' }),
    [queryClient, token],
  );
  // The rows as of the last change, for the saves that run between renders; the state mirrors it.
  const latest = useRef(rows);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Set<number>());

  const update = useCallback((id: number, change: (row: RowState) => Partial<RowState>) => {
    const row = latest.current.get(id);
    if (row === undefined) return;
    const next = new Map(latest.current);
    next.set(id, { ...row, ...change(row) });
    latest.current = next;
    setRows(next);
  }, []);

  const save = useCallback(
    async (id: number) => {
      const pending = timers.current.get(id);
      if (pending !== undefined) clearTimeout(pending);
      timers.current.delete(id);
      const row = latest.current.get(id);
      if (row === undefined || row.conflict !== null || inFlight.current.has(id)) return;
      if (row.text === row.saved) {
        // Typed back to what the server has (a letter typed and deleted): nothing to send.
        if (row.save === 'pending') update(id, () => ({ save: 'saved' }));
        return;
      }
      const sent = row.text;
      inFlight.current.add(id);
      update(id, () => ({ save: 'saving', error: null }));
      try {
        const answer = await saveDraft(token, id, sent, row.revision);
        update(id, (current) => ({
          saved: answer.draft,
          revision: answer.revision,
          qa: answer.qa_warnings,
          save: current.text === answer.draft ? 'saved' : 'pending',
        }));
        changedOnServer();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && isConflict(error.body)) {
          update(id, () => ({ save: 'failed', conflict: error.body as DraftConflict, error: null }));
        } else {
          update(id, () => ({ save: 'failed', error: reason(error) }));
        }
      } finally {
        inFlight.current.delete(id);
      }
      const after = latest.current.get(id);
      if (after !== undefined && after.save === 'pending') void save(id);
    },
    [changedOnServer, token, update],
  );

  const setText = useCallback(
    (id: number, text: string) => {
      update(id, () => ({ text, save: 'pending' }));
      const pending = timers.current.get(id);
      if (pending !== undefined) clearTimeout(pending);
      timers.current.set(id, setTimeout(() => void save(id), SAVE_DELAY_MS));
    },
    [save, update],
  );

  // Leaving the page: edits still waiting for their delay are saved now, and the page's cached
  // segments are marked stale so that coming back shows what the server has, not the first load.
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const id of Array.from(all.keys())) void save(id);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.job(token, job.id), refetchType: 'none' });
    };
  }, [job.id, queryClient, save, token]);

  /** Applies a segment as the server answered it (approve, revert). */
  const applySegment = useCallback(
    (segment: ReviewSegment, replaceText: boolean) => {
      changedOnServer();
      update(segment.id, (row) => ({
        segment,
        revision: segment.revision,
        qa: segment.qa_warnings,
        ...(replaceText
          ? { text: serverText(segment), saved: serverText(segment), save: 'saved' as const, replaced: row.replaced + 1 }
          : {}),
      }));
    },
    [changedOnServer, update],
  );

  const actions = useMemo(
    () => ({
      setText,
      /** Saves now (the field lost focus, or an action needs the text on the server first). */
      flush: (id: number) => save(id),
      approve: async (id: number, approved: boolean) => {
        await save(id);
        try {
          applySegment(await setApproved(token, id, approved), false);
        } catch (error) {
          update(id, () => ({ error: reason(error) }));
          throw error;
        }
      },
      revert: async (id: number) => {
        try {
          applySegment(await revertSegment(token, id), true);
        } catch (error) {
          update(id, () => ({ error: reason(error) }));
        }
      },
      comment: async (id: number, body: string) => {
        const comment = await addComment(token, id, body);
        changedOnServer();
        update(id, (row) => ({ segment: { ...row.segment, comments: [...row.segment.comments, comment] } }));
      },
      /** Drops the customer's text for the version the server has now. */
      takeTheirs: (id: number) =>
        update(id, (row) =>
          row.conflict === null
            ? {}
            : {
                text: row.conflict.current_text ?? '',
                saved: row.conflict.current_text ?? '',
                revision: row.conflict.current_revision,
                conflict: null,
                save: 'saved',
                replaced: row.replaced + 1,
              },
        ),
      /** Saves the customer's text again, over the version the server has now. */
      keepMine: (id: number) => {
        update(id, (row) =>
          row.conflict === null
            ? {}
            : { revision: row.conflict.current_revision, saved: row.conflict.current_text ?? '', conflict: null, save: 'pending' },
        );
        void save(id);
      },
    }),
    [applySegment, changedOnServer, save, setText, token, update],
  );

  let state: SaveState = 'saved';
  for (const row of rows.values()) {
    if (row.save === 'failed') {
      state = 'failed';
      break;
    }
    if (row.save !== 'saved') state = 'saving';
  }

  return { rows: rows as Rows, state, ...actions };
}
