// The page preview: a frame whose document (built once per page, see ../preview/document.ts) runs
// no script (sandbox without allow-scripts) and loads nothing (its CSP). `allow-same-origin` lets
// this page's own script reach into it: to show the text as it is typed, to highlight and scroll
// to the open segment, and to open the segment the customer clicks in the preview.
import { useEffect, useRef, useState } from 'react';
import type { ReviewSegment } from '../api';
import { ACTIVE_CLASS, isSearchMeta, previewDocument, SEGMENT_ATTRIBUTE, segmentMarkup } from '../preview/document';

interface PreviewFrameProps {
  segments: readonly ReviewSegment[];
  /** The text each translatable segment shows now, by id. */
  texts: ReadonlyMap<number, string>;
  activeId: number | null;
  onSelect: (id: number) => void;
  height: string;
}

/** What a segment shows: its current text, or the source while it has none. */
const shown = (segment: ReviewSegment, texts: ReadonlyMap<number, string>) => {
  const text = segment.translatable ? texts.get(segment.id) : (segment.target ?? undefined);
  return text === undefined || text === '' ? segment.source : text;
};

// Sanitising a segment's markup is what a long page's preview costs (3,000 segments: a fifth of a
// second, before anything else is drawn). So the document is built with the top of the page,
// the search and meta fields and the segments around the open one; the others follow in slices
// of a few milliseconds once the frame has loaded, never in the way of typing.
const BUILT_AT_TOP = 100;
const BUILT_AROUND_OPEN = 30;
const SLICE_MS = 8;

interface Initial {
  html: string;
  /** The text each built segment shows in the frame, by id. */
  built: Map<number, string>;
  /** The segments still empty in the frame, in page order. */
  pending: ReviewSegment[];
}

function initialDocument(segments: readonly ReviewSegment[], texts: ReadonlyMap<number, string>, activeId: number | null): Initial {
  const translatable = segments.filter((segment) => segment.translatable);
  const open = translatable.findIndex((segment) => segment.id === activeId);
  const built = new Map<number, string>();
  const pending: ReviewSegment[] = [];
  translatable.forEach((segment, index) => {
    if (index < BUILT_AT_TOP || Math.abs(index - open) <= BUILT_AROUND_OPEN || isSearchMeta(segment)) {
      built.set(segment.id, shown(segment, texts));
    } else {
      pending.push(segment);
    }
  });
  return { html: previewDocument(segments, (segment) => shown(segment, texts), (segment) => built.has(segment.id)), built, pending };
}

export function PreviewFrame({ segments, texts, activeId, onSelect, height }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  // Built from the texts of the first render only: later changes are patched in, as a new
  // document would reload the frame and lose its scroll position.
  const [initial] = useState(() => initialDocument(segments, texts, activeId));
  const built = useRef(initial.built);
  const [loaded, setLoaded] = useState(false);
  const select = useRef(onSelect);
  const latest = useRef(texts);
  useEffect(() => {
    select.current = onSelect;
    latest.current = texts;
  });

  const documentOf = () => (loaded ? (frame.current?.contentDocument ?? null) : null);
  const elementOf = (doc: Document, id: number) => doc.querySelector<HTMLElement>(`[${SEGMENT_ATTRIBUTE}="${id}"]`);
  /** Puts `segment`'s current text into its element. */
  const build = (doc: Document, segment: ReviewSegment) => {
    const text = shown(segment, latest.current);
    const element = elementOf(doc, segment.id);
    if (element !== null) element.innerHTML = segmentMarkup(segment, text);
    built.current.set(segment.id, text);
  };

  // The segments left out of the first document, a slice at a time.
  useEffect(() => {
    const doc = documentOf();
    if (doc === null) return;
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      const end = performance.now() + SLICE_MS;
      while (next < initial.pending.length && performance.now() < end) {
        const segment = initial.pending[next];
        next += 1;
        if (segment !== undefined && !built.current.has(segment.id)) build(doc, segment);
      }
      if (next < initial.pending.length) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the frame has loaded
  }, [loaded]);

  useEffect(() => {
    const doc = documentOf();
    if (doc === null) return;
    for (const segment of segments) {
      // A segment not built yet gets the text it has when its turn comes.
      const shownNow = built.current.get(segment.id);
      if (shownNow === undefined || shownNow === shown(segment, texts)) continue;
      build(doc, segment);
    }
  });

  useEffect(() => {
    const doc = documentOf();
    if (doc === null) return;
    doc.querySelectorAll(`.${ACTIVE_CLASS}`).forEach((element) => element.classList.remove(ACTIVE_CLASS));
    if (activeId === null) return;
    const element = elementOf(doc, activeId);
    if (element === null) return;
    // Opened before its turn came: built now, so that it shows its text where it is marked.
    const segment = built.current.has(activeId) ? undefined : segments.find((candidate) => candidate.id === activeId);
    if (segment !== undefined) build(doc, segment);
    element.classList.add(ACTIVE_CLASS);
    // The frame's own scroll only (scrollIntoView would scroll this page too).
    const view = doc.defaultView;
    const top = element.getBoundingClientRect().top + (view?.scrollY ?? 0);
    view?.scrollTo({ top: Math.max(0, top - (view.innerHeight || 0) / 3) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- documentOf reads `loaded`
  }, [activeId, loaded]);

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (doc == null) return;
    doc.addEventListener('click', (event) => {
      event.preventDefault();
      // The frame's nodes belong to its own window, so no `instanceof Element` here.
      const target = event.target as { closest?: (selector: string) => Element | null } | null;
      const element = target?.closest?.(`[${SEGMENT_ATTRIBUTE}]`);
      const id = Number(element?.getAttribute(SEGMENT_ATTRIBUTE));
      if (Number.isInteger(id) && id > 0) select.current(id);
    });
    setLoaded(true);
  };

  return (
    <iframe
      ref={frame}
      title="Page preview"
      sandbox="allow-same-origin"
      srcDoc={initial.html}
      onLoad={onLoad}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, background: '#fff' }}
    />
  );
}
