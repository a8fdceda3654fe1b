// The job's segments as the editor shows them, and their saves. The server's answer for each
// saved segment replaces that segment alone (never the job, which may hold thousands); saves of
// one segment run one after the other, each made on the revision the previous one answered.
// Until the server has an edit it is kept offline (offlineDrafts) and shown as the segment's
// text; a refused save is kept with what went wrong, for the translator to decide.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { saveSegment, staleEditOf, type JobDetail, type Segment, type StaleEdit } from '../api';
import { dropDraft, keepDraft, offlineDrafts } from './offlineDrafts';

export type SaveProblem =
  /** Someone else saved the segment since: both texts, for the translator to choose. */
  | { kind: 'conflict'; stale: StaleEdit; confirm: boolean }
  /** The server refused the text (its markup, most often): the message says why. */
  | { kind: 'refused'; message: string; text: string; confirm: boolean }
  /** No answer (offline): kept in the browser and sent again when the connection is back. */
  | { kind: 'offline'; text: string; confirm: boolean };

export function useSegmentSaves(
  job: JobDetail,
  onConfirmed?: () => void,
  onProblem?: (segment: Segment, problem: SaveProblem) => void,
) {
  /** What the server holds, by id: the revision each save is made on. */
  const server = useRef(new Map<number, Segment>(job.segments.map((segment) => [segment.id, segment])));
  const [segments, setSegments] = useState<readonly Segment[]>(job.segments);
  const [problems, setProblems] = useState<ReadonlyMap<number, SaveProblem>>(new Map());
  const [pending, setPending] = useState(0);
  const chains = useRef(new Map<number, Promise<void>>());

  const show = useCallback((segment: Segment) => {
    setSegments((shown) => shown.map((other) => (other.id === segment.id ? segment : other)));
  }, []);

  const setProblem = useCallback((id: number, problem: SaveProblem | null) => {
    setProblems((current) => {
      if (problem === null && !current.has(id)) return current;
      const next = new Map(current);
      if (problem === null) next.delete(id);
      else next.set(id, problem);
      return next;
    });
  }, []);

  const send = useCallback(
    (id: number, text: string, confirm: boolean) => {
      const known = server.current.get(id);
      if (known === undefined) return Promise.resolve();
      keepDraft(job.id, id, { target: text, base_revision: known.revision, confirm });
      // Shown at once: the text, and for a confirm the status delivery counts.
      show({ ...known, target: text, status: confirm ? 'reviewed' : known.status });
      setPending((count) => count + 1);
      const run = async () => {
        const base = server.current.get(id) ?? known;
        try {
          const saved = await saveSegment(job.id, id, { target: text, base_revision: base.revision, confirm });
          const next: Segment = { ...saved, review_draft: saved.target === base.review_draft ? null : base.review_draft };
          server.current.set(id, next);
          dropDraft(job.id, id, text);
          setProblem(id, null);
          setSegments((shown) =>
            shown.map((other) => {
              if (other.id !== id) return other;
              // A later edit already shown stays shown (its own save follows).
              return other.target === text ? next : { ...next, target: other.target, status: other.status };
            }),
          );
          if (confirm) onConfirmed?.();
        } catch (error) {
          const stale = staleEditOf(error, id);
          const current = server.current.get(id) ?? base;
          show({ ...current, target: text });
          let problem: SaveProblem;
          if (stale !== null) problem = { kind: 'conflict', stale, confirm };
          else if (error instanceof ApiError) {
            dropDraft(job.id, id, text);
            problem = { kind: 'refused', message: error.message, text, confirm };
          } else problem = { kind: 'offline', text, confirm };
          setProblem(id, problem);
          onProblem?.(current, problem);
        } finally {
          setPending((count) => count - 1);
        }
      };
      const next = (chains.current.get(id) ?? Promise.resolve()).then(run);
      chains.current.set(id, next);
      return next;
    },
    [job.id, show, setProblem, onConfirmed, onProblem],
  );

  /** Shows a segment the server answered for something else than a save (an acknowledgement). */
  const apply = useCallback(
    (segment: Segment) => {
      const known = server.current.get(segment.id);
      const next = { ...segment, review_draft: known?.review_draft ?? null };
      server.current.set(segment.id, next);
      setSegments((shown) => shown.map((other) => (other.id === segment.id ? { ...next, target: other.target, status: other.status } : other)));
    },
    [],
  );

  /** Takes the other person's text of a conflicting segment: the server's, as it is now. */
  const takeTheirs = useCallback(
    (id: number, stale: StaleEdit) => {
      const known = server.current.get(id);
      if (known === undefined) return;
      const theirs = { ...known, target: stale.current_target, revision: stale.current_revision };
      server.current.set(id, theirs);
      show(theirs);
      dropDraft(job.id, id);
      setProblem(id, null);
    },
    [job.id, show, setProblem],
  );

  /** Saves one's own text over theirs, made on the revision the conflict named. */
  const keepMine = useCallback(
    (id: number, stale: StaleEdit, confirm: boolean) => {
      const known = server.current.get(id);
      if (known === undefined) return;
      server.current.set(id, { ...known, revision: stale.current_revision });
      void send(id, stale.your_target, confirm);
    },
    [send],
  );

  // Edits kept from an earlier visit: sent again when made on what the server still holds,
  // otherwise shown as a conflict with the text now saved.
  useEffect(() => {
    for (const [id, draft] of offlineDrafts(job.id)) {
      const known = server.current.get(id);
      if (known === undefined) {
        dropDraft(job.id, id);
      } else if (known.revision === draft.base_revision) {
        void send(id, draft.target, draft.confirm);
      } else {
        const stale = {
          id,
          unit_key: known.unit_key,
          your_target: draft.target,
          current_target: known.target,
          current_revision: known.revision,
        };
        setProblem(id, { kind: 'conflict', stale, confirm: draft.confirm });
      }
    }
  }, [job.id, send, setProblem]);

  // Back online: what could not be sent is sent again.
  useEffect(() => {
    const retry = () => {
      for (const [id, problem] of problems) {
        if (problem.kind === 'offline') void send(id, problem.text, problem.confirm);
      }
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [problems, send]);

  return { segments, problems, pending, send, apply, takeTheirs, keepMine };
}
