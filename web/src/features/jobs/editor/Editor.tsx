// The job's editor, for staff and translators alike: every segment's source and target side by
// side, the open one's target edited in place, and beside it (below it on a phone) its matches,
// terms, QA warnings, comments and history. Keyboard first: every action has a shortcut
// (shortcuts.ts, listed by F1 or ?). A plain edit is saved as a draft on its own (autosave);
// Ctrl+Enter confirms the segment (what delivery counts, and the memory learns it at once) and
// opens the next one still to confirm.
import { Alert, Anchor, Button, Checkbox, Group, Kbd, Select, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconKeyboard, IconSearch } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import { LanguageFlag } from '../../../components/flags/LanguageFlag';
import { MarkedText, segmentShortcodes } from '../../../components/markup';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../api/client';
import { acknowledgeWarning, matchesQuery, openWarnings, type JobDetail, type Segment, type SegmentStatus } from '../api';
import { STATUS_LABELS } from '../labels';
import { fieldOptions } from '../../../components/fields';
import { filterSegments, groupByField, originCounts, type FieldGroup } from '../segmentFilter';
import { extraMarkup, missingMarkup } from './chips';
import { Concordance, FindReplace, ShortcutHelp, type Replacement } from './Dialogs';
import classes from './Editor.module.css';
import { SegmentGrid } from './SegmentGrid';
import { actionOf, type Action } from './shortcuts';
import { SidePanel, type Warning } from './SidePanel';
import { TargetEditor, type TargetEditorHandle } from './TargetEditor';
import { useSegmentSaves, type SaveProblem } from './useSegmentSaves';

const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as SegmentStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] }));
/** A pause in typing this long saves the draft. */
const AUTOSAVE_MS = 800;

type Dialog = 'help' | 'concordance' | 'replace' | null;

const needsConfirm = (segment: Segment) => segment.translatable && segment.status !== 'reviewed';

/** The first segment after `from` (wrapping around) that `test` accepts, never `skip`. */
function nextWhere(rows: readonly Segment[], from: number, skip: number | null, test: (segment: Segment) => boolean) {
  for (let step = 1; step <= rows.length; step += 1) {
    const candidate = rows[(from + step + rows.length) % rows.length];
    if (candidate !== undefined && candidate.id !== skip && test(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Whether the key press happened in a field other than the target (a filter, a comment) or in a
 * dialog (the editor's own, or another part of the page's, such as the assignment's).
 */
function inOtherField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="dialog"]') !== null) return true;
  if (target.closest('[data-target-editor]') !== null) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** What the typed target lacks or adds of the source's markup, before the server checks it. */
function liveWarnings(segment: Segment, text: string, shortcodes: readonly string[] | null): Warning[] {
  const tags = segmentShortcodes(segment.markup, shortcodes);
  const warnings: Warning[] = [];
  const missing = missingMarkup(segment.source, text, tags);
  const extra = extraMarkup(segment.source, text, tags);
  if (text.trim() !== '' && missing.length > 0) warnings.push({ kind: 'tags_missing', message: `Missing: ${missing.join(' ')} (F9 inserts the next)` });
  if (extra.length > 0) warnings.push({ kind: 'tags_added', message: `Not in the source: ${extra.join(' ')}` });
  return warnings;
}

/** What the page shows for the open segment beside its details (the editor knows no assignment). */
export type SegmentActions = (segment: Segment) => ReactNode;

export function Editor({
  job,
  onSaved,
  segmentActions,
}: {
  job: JobDetail;
  onSaved?: () => Promise<unknown>;
  segmentActions?: SegmentActions | undefined;
}) {
  const canEdit = useCan('segments.write');
  const reachesProjects = useCan('clients.read');
  const queryClient = useQueryClient();
  const shortcodes = job.shortcodes ?? null;
  const onConfirmed = useCallback(() => void onSaved?.(), [onSaved]);
  const [announcement, setAnnouncement] = useState('');
  // A save refused after the editor moved on is told (and its row marked "Not saved").
  const onProblem = useCallback((segment: Segment, problem: SaveProblem) => {
    const why =
      problem.kind === 'conflict'
        ? 'someone else saved it meanwhile'
        : problem.kind === 'offline'
          ? 'no connection; it is kept in this browser'
          : problem.message;
    setAnnouncement(`Segment ${segment.position + 1} was not saved: ${why}`);
  }, []);
  const { segments, problems, pending, send, apply, takeTheirs, keepMine } = useSegmentSaves(job, onConfirmed, onProblem);

  const [text, setText] = useState('');
  const [status, setStatus] = useState<SegmentStatus | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [field, setField] = useState<string | null>(null);
  const [grouped, setGrouped] = useState(false);
  // Typing in the filter stays responsive on long jobs: filtering runs at lower priority.
  const filter = useDeferredValue(useMemo(() => ({ text, status, flaggedOnly, field }), [text, status, flaggedOnly, field]));
  const filtered = useMemo(() => filterSegments(segments, filter), [segments, filter]);
  const { rows, groups } = useMemo(
    () => (grouped ? groupByField(filtered) : { rows: filtered, groups: new Map<number, FieldGroup>() }),
    [filtered, grouped],
  );
  const fields = useMemo(() => fieldOptions(job.segments), [job.segments]);
  const counts = useMemo(() => originCounts(segments), [segments]);

  const [openId, setOpenId] = useState<number | null>(
    () => (job.segments.find(needsConfirm) ?? job.segments.find((segment) => segment.translatable))?.id ?? null,
  );
  const open = openId === null ? undefined : segments.find((segment) => segment.id === openId);
  const openIndex = open === undefined ? -1 : rows.indexOf(open);
  const editor = useRef<TargetEditorHandle>(null);
  const comment = useRef<HTMLTextAreaElement>(null);
  const dirty = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const [live, setLive] = useState<Warning[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [undo, setUndo] = useState<Replacement[] | null>(null);
  const [selection, setSelection] = useState('');

  const matches = useQuery({ ...matchesQuery(job.id, openId ?? 0), enabled: open?.translatable === true });
  // The next segments' matches are fetched ahead, so confirming and moving on shows them at once.
  useEffect(() => {
    if (openIndex === -1) return;
    for (const ahead of [rows[openIndex + 1], nextWhere(rows, openIndex, openId, needsConfirm)]) {
      if (ahead !== undefined && ahead.translatable) queryClient.query(matchesQuery(job.id, ahead.id)).catch(() => undefined);
    }
  }, [openIndex, openId, rows, job.id, queryClient]);

  /** Saves the open target as a draft when it changed. */
  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    if (!dirty.current || open === undefined || editor.current === null) return;
    dirty.current = false;
    const typed = editor.current.text();
    if (typed !== (open.target ?? '')) void send(open.id, typed, false);
  }, [open, send]);

  const onChange = useCallback(() => {
    dirty.current = true;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      flush();
      if (open !== undefined && editor.current !== null) setLive(liveWarnings(open, editor.current.text(), shortcodes));
    }, AUTOSAVE_MS);
  }, [flush, open, shortcodes]);

  const goTo = useCallback(
    (segment: Segment | undefined) => {
      if (segment === undefined) return;
      flush();
      setLive(liveWarnings(segment, segment.target ?? '', shortcodes));
      setOpenId(segment.id);
    },
    [flush, shortcodes],
  );

  // The open segment's editor takes the focus, so typing goes on after every move.
  useEffect(() => {
    if (dialog === null) editor.current?.focus();
  }, [openId, dialog]);

  // Leaving the page sends what is typed (kept offline until saved); a row clicked opens its
  // segment. Both through refs, so that the rows' callback stays the same and they do not
  // re-render on every change of the job.
  const latest = useRef<{ flush: () => void; openById: (id: number) => void }>({ flush, openById: () => undefined });
  useLayoutEffect(() => {
    latest.current = { flush, openById: (id: number) => goTo(segments.find((segment) => segment.id === id)) };
  });
  useEffect(() => () => latest.current.flush(), []);
  const onOpen = useCallback((id: number) => latest.current.openById(id), []);

  const confirm = () => {
    if (open === undefined || !open.translatable || editor.current === null) return;
    window.clearTimeout(timer.current);
    dirty.current = false;
    void send(open.id, editor.current.text(), true);
    const next = nextWhere(rows, openIndex, open.id, needsConfirm);
    if (next === undefined) {
      setAnnouncement('Every segment is confirmed.');
    } else {
      setAnnouncement(`Segment ${open.position + 1} confirmed.`);
      goTo(next);
    }
  };

  const acknowledge = (flag: Warning) => {
    if (open === undefined || !canEdit) return;
    const segment = open;
    acknowledgeWarning(job.id, segment.id, flag)
      .then((saved) => {
        apply(saved);
        setAnnouncement(`Warning acknowledged: ${flag.message}`);
      })
      .catch((error: unknown) =>
        setAnnouncement(`The warning could not be acknowledged: ${error instanceof ApiError ? error.message : 'no connection'}`),
      );
  };

  const replaceAll = (replacements: Replacement[]) => {
    flush();
    setDialog(null);
    for (const item of replacements) void send(item.segment.id, item.after, false);
    setUndo(replacements);
    setAnnouncement(`Replaced in ${replacements.length} segments.`);
  };

  const undoReplace = () => {
    if (undo === null) return;
    for (const item of undo) void send(item.segment.id, item.before, false);
    setAnnouncement(`The replacement in ${undo.length} segments was undone.`);
    setUndo(null);
  };

  const run = (action: Action, n?: number) => {
    switch (action) {
      case 'help':
        setDialog('help');
        return;
      case 'concordance':
        setSelection(window.getSelection()?.toString() ?? '');
        setDialog('concordance');
        return;
      case 'replace':
        setDialog('replace');
        return;
      case 'next':
        goTo(rows[openIndex + 1]);
        return;
      case 'previous':
        goTo(rows[openIndex === -1 ? 0 : openIndex - 1]);
        return;
      case 'nextWarning': {
        const next = nextWhere(rows, openIndex, openId, (segment) => openWarnings(segment).length > 0 || problems.has(segment.id));
        if (next === undefined) setAnnouncement('No other segment has a QA warning.');
        else goTo(next);
        return;
      }
      case 'comment':
        comment.current?.focus();
        return;
      case 'acknowledge': {
        const first = open === undefined ? undefined : openWarnings(open)[0];
        if (first === undefined) setAnnouncement('This segment has no open QA warning.');
        else acknowledge(first);
        return;
      }
    }
    if (!canEdit || open === undefined || !open.translatable || editor.current === null) return;
    switch (action) {
      case 'confirm':
        confirm();
        return;
      case 'copySource':
        editor.current.setText(open.source);
        setAnnouncement('The source was copied into the target.');
        return;
      case 'match': {
        const match = matches.data?.[(n ?? 1) - 1];
        if (match === undefined) setAnnouncement(`There is no match ${n ?? 1}.`);
        else {
          editor.current.setText(match.entry.target);
          setAnnouncement(`Match ${n ?? 1} (${match.score} %) inserted.`);
        }
        return;
      }
      case 'insertTag': {
        const missing = missingMarkup(open.source, editor.current.text(), segmentShortcodes(open.markup, shortcodes));
        const first = missing[0];
        if (first === undefined) setAnnouncement('No tag of the source is missing.');
        else {
          editor.current.insert(first);
          setLive(liveWarnings(open, editor.current.text(), shortcodes));
        }
        return;
      }
    }
  };
  // The keys reach the editor wherever the focus is on its page; the handler always sees the
  // latest state.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const elsewhere = inOtherField(event.target);
    const typing = elsewhere || (event.target instanceof HTMLElement && event.target.closest('[data-target-editor]') !== null);
    const hit = actionOf(event, typing);
    if (hit === null) return;
    // In a dialog or another field the keys are theirs, but for the help.
    if ((dialog !== null || elsewhere) && hit.action !== 'help') return;
    event.preventDefault();
    run(hit.action, hit.n);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const confirmedCount = useMemo(() => segments.filter((segment) => segment.translatable && segment.status === 'reviewed').length, [segments]);
  const translatable = useMemo(() => segments.filter((segment) => segment.translatable).length, [segments]);

  const renderOpen = (segment: Segment) => (
    <OpenTarget
      key={segment.id}
      segment={segment}
      shortcodes={shortcodes}
      canEdit={canEdit}
      problem={problems.get(segment.id)}
      editorRef={editor}
      onChange={onChange}
      onConfirm={confirm}
      onInsertTag={(raw) => {
        editor.current?.insert(raw);
        setLive(liveWarnings(segment, editor.current?.text() ?? '', shortcodes));
      }}
      onTakeTheirs={(problem) => {
        takeTheirs(segment.id, problem.stale);
        editor.current?.setText(problem.stale.current_target ?? '');
        dirty.current = false;
      }}
      onKeepMine={(problem) => keepMine(segment.id, problem.stale, problem.confirm)}
      onRetry={(problem) => void send(segment.id, problem.text, problem.confirm)}
    />
  );

  return (
    <>
      <PageHeader
        title={job.file_name}
        description={
          <>
            Project{' '}
            {reachesProjects ? (
              <Anchor component={Link} to={`/translation/${job.project.id}`}>
                {job.project.name}
              </Anchor>
            ) : (
              job.project.name
            )}
            {job.post_type !== null && ` · ${job.post_type}`}
          </>
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            <LanguageFlag code={job.source_lang} />
            <Text c="dimmed">→</Text>
            <LanguageFlag code={job.target_lang} />
          </Group>
        }
      />
      <Group gap="sm" mb="sm" align="flex-end">
        <TextInput
          aria-label="Filter segments"
          placeholder="Filter segments"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          aria-label="Status"
          placeholder="Any status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setStatus(STATUS_OPTIONS.find((option) => option.value === value)?.value ?? null)}
          clearable
          w={{ base: '100%', xs: 170 }}
        />
        {fields.length > 1 && (
          <Select
            aria-label="Field"
            placeholder="Any field"
            data={fields}
            value={field}
            onChange={setField}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        )}
        {fields.length > 1 && (
          <Checkbox label="Group by field" checked={grouped} onChange={(event) => setGrouped(event.currentTarget.checked)} mb={8} />
        )}
        <Checkbox
          label={`Flagged only (${counts.flagged})`}
          checked={flaggedOnly}
          onChange={(event) => setFlaggedOnly(event.currentTarget.checked)}
          mb={8}
        />
        <Button variant="default" size="sm" leftSection={<IconKeyboard size={16} />} onClick={() => setDialog('help')}>
          Shortcuts <Kbd size="xs" ml={6}>F1</Kbd>
        </Button>
        <Text size="sm" c="dimmed" ml="auto" aria-live="polite" data-editor-progress>
          {rows.length === segments.length
            ? `${confirmedCount} of ${translatable} segments confirmed (${counts.memory} from memory, ${counts.mt} by MT)`
            : `${rows.length} of ${segments.length} segments`}
          {pending > 0 ? ' · Saving…' : problems.size > 0 ? ` · ${problems.size} not saved` : ' · All changes saved'}
        </Text>
      </Group>
      <Text className="visually-hidden" role="status" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announcement}
      </Text>
      {undo !== null && (
        <Alert color="blue" mb="sm" withCloseButton onClose={() => setUndo(null)} closeButtonLabel="Dismiss">
          <Group gap="sm">
            <Text size="sm">Replaced in {undo.length} segments.</Text>
            <Button size="compact-sm" variant="light" onClick={undoReplace}>
              Undo the replacement
            </Button>
          </Group>
        </Alert>
      )}
      <div className={classes.layout}>
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {segments.length === 0 ? 'This job has no segments.' : 'No segment matches the filter.'}
          </Text>
        ) : (
          <SegmentGrid
            rows={rows}
            groups={groups}
            openId={openId}
            problems={problems}
            shortcodes={shortcodes}
            terms={job.terms}
            onOpen={onOpen}
            renderOpen={renderOpen}
          />
        )}
        <div className={classes.panel}>
          <SidePanel
            jobId={job.id}
            segment={open ?? null}
            shortcodes={shortcodes}
            terms={job.terms}
            matches={open?.translatable === true ? matches.data : []}
            live={live}
            onInsertMatch={canEdit ? (n) => run('match', n) : undefined}
            onUse={canEdit ? (target) => editor.current?.setText(target) : undefined}
            onAcknowledge={canEdit ? acknowledge : undefined}
            commentRef={comment}
            actions={open === undefined ? null : segmentActions?.(open)}
          />
        </div>
      </div>
      <ShortcutHelp opened={dialog === 'help'} onClose={() => setDialog(null)} />
      {dialog === 'concordance' && (
        <Concordance
          jobId={job.id}
          opened
          initial={selection}
          shortcodes={shortcodes}
          onInsert={
            canEdit && open !== undefined
              ? (target) => {
                  setDialog(null);
                  requestAnimationFrame(() => editor.current?.insert(target));
                }
              : undefined
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'replace' && (
        <FindReplace opened segments={segments} shortcodes={shortcodes} canEdit={canEdit} onReplace={replaceAll} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

function OpenTarget({
  segment,
  shortcodes,
  canEdit,
  problem,
  editorRef,
  onChange,
  onConfirm,
  onInsertTag,
  onTakeTheirs,
  onKeepMine,
  onRetry,
}: {
  segment: Segment;
  shortcodes: readonly string[] | null;
  canEdit: boolean;
  problem: SaveProblem | undefined;
  editorRef: React.RefObject<TargetEditorHandle | null>;
  onChange: () => void;
  onConfirm: () => void;
  onInsertTag: (raw: string) => void;
  onTakeTheirs: (problem: Extract<SaveProblem, { kind: 'conflict' }>) => void;
  onKeepMine: (problem: Extract<SaveProblem, { kind: 'conflict' }>) => void;
  onRetry: (problem: Extract<SaveProblem, { kind: 'refused' | 'offline' }>) => void;
}) {
  const tags = segmentShortcodes(segment.markup, shortcodes);
  if (!canEdit || !segment.translatable) {
    return (
      <>
        <MarkedText text={segment.target} shortcodes={tags} />
        {!segment.translatable && (
          <Text size="xs" c="dimmed">
            Not to be translated: the file keeps this text.
          </Text>
        )}
      </>
    );
  }
  const sourceTags = missingMarkup(segment.source, '', tags);
  return (
    <div>
      <TargetEditor
        ref={editorRef}
        initial={segment.target ?? ''}
        shortcodes={tags}
        label={`Target of segment ${segment.position + 1}`}
        onChange={onChange}
      />
      <Group gap={6} mt={6} justify="space-between" wrap="wrap">
        <Group gap={4} wrap="wrap">
          {sourceTags.length > 0 && (
            <Text size="xs" c="dimmed">
              Tags (F9):
            </Text>
          )}
          {sourceTags.slice(0, 8).map((raw, index) => (
            <Button key={`${raw}-${index}`} size="compact-xs" variant="default" title={raw} onClick={() => onInsertTag(raw)}>
              {raw.length > 16 ? `${raw.slice(0, 15)}…` : raw}
            </Button>
          ))}
        </Group>
        <Button size="compact-sm" onClick={onConfirm}>
          Confirm · Ctrl+Enter
        </Button>
      </Group>
      {problem?.kind === 'conflict' && (
        <Alert color="orange" role="alert" mt={6} py={6} title="Saved by someone else meanwhile" style={{ overflowWrap: 'anywhere' }}>
          <Text size="sm">Your text was not saved. The segment now holds:</Text>
          <MarkedText text={problem.stale.current_target} shortcodes={tags} placeholder="No target" />
          <Group gap="xs" mt={4}>
            <Button size="compact-xs" variant="light" onClick={() => onTakeTheirs(problem)}>
              Reload their text
            </Button>
            <Button size="compact-xs" variant="light" color="orange" onClick={() => onKeepMine(problem)}>
              Save mine over it
            </Button>
          </Group>
        </Alert>
      )}
      {problem !== undefined && problem.kind !== 'conflict' && (
        <Alert color={problem.kind === 'offline' ? 'yellow' : 'red'} role="alert" mt={6} py={6} style={{ overflowWrap: 'anywhere' }}>
          <Text size="sm">
            {problem.kind === 'offline'
              ? 'Not saved: no connection. The text is kept in this browser and sent when the connection is back.'
              : problem.message}
          </Text>
          <Button size="compact-xs" variant="light" mt={4} onClick={() => onRetry(problem)}>
            Try again
          </Button>
        </Alert>
      )}
    </div>
  );
}
