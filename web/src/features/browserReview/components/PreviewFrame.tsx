// The page preview: a frame whose document (built once per page, see ../preview/document.ts) runs
// no script (sandbox without allow-scripts) and loads nothing (its CSP). `allow-same-origin` lets
// this page's own script reach into it: to show the text as it is typed, to highlight and scroll
// to the open segment, and to open the segment the customer clicks in the preview.
import { useEffect, useRef, useState } from 'react';
import type { ReviewSegment } from '../api';
import { ACTIVE_CLASS, previewDocument, SEGMENT_ATTRIBUTE, segmentMarkup } from '../preview/document';

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

export function PreviewFrame({ segments, texts, activeId, onSelect, height }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  // Built from the texts of the first render only: later changes are patched in, as a new
  // document would reload the frame and lose its scroll position.
  const [initial] = useState(() => ({
    html: previewDocument(segments, (segment) => shown(segment, texts)),
    texts: new Map(segments.map((segment) => [segment.id, shown(segment, texts)])),
  }));
  const rendered = useRef(initial.texts);
  const [loaded, setLoaded] = useState(false);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  });

  const documentOf = () => (loaded ? (frame.current?.contentDocument ?? null) : null);
  const elementOf = (doc: Document, id: number) => doc.querySelector<HTMLElement>(`[${SEGMENT_ATTRIBUTE}="${id}"]`);

  useEffect(() => {
    const doc = documentOf();
    if (doc === null) return;
    for (const segment of segments) {
      if (!segment.translatable) continue;
      const text = shown(segment, texts);
      if (rendered.current.get(segment.id) === text) continue;
      const element = elementOf(doc, segment.id);
      if (element !== null) element.innerHTML = segmentMarkup(segment, text);
      rendered.current.set(segment.id, text);
    }
  });

  useEffect(() => {
    const doc = documentOf();
    if (doc === null) return;
    doc.querySelectorAll(`.${ACTIVE_CLASS}`).forEach((element) => element.classList.remove(ACTIVE_CLASS));
    if (activeId === null) return;
    const element = elementOf(doc, activeId);
    if (element === null) return;
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
