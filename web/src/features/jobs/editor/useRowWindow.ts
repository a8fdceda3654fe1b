import { useCallback, useLayoutEffect, useRef, useState, type UIEvent } from 'react';

const OVERSCAN = 4;
/** Used until the viewport is measured (and in tests, where nothing is laid out). */
const DEFAULT_VIEWPORT = 640;

/**
 * Which of `count` rows to render in a scrolled viewport (those in view and a few more) and
 * where each goes: every row `rowHeight` tall but the open one (`openIndex`, -1 for none),
 * `openHeight` tall as it measured itself. Only these rows are in the DOM, so a job of 3,000
 * segments costs what one of twenty does.
 */
export function useRowWindow(count: number, openIndex: number, rowHeight: number, openHeight: number) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(DEFAULT_VIEWPORT);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (element === null) return;
    const measure = () => {
      if (element.clientHeight > 0) setViewportHeight(element.clientHeight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const extra = openIndex === -1 ? 0 : openHeight - rowHeight;
  const top = useCallback(
    (index: number) => index * rowHeight + (openIndex !== -1 && index > openIndex ? extra : 0),
    [rowHeight, openIndex, extra],
  );
  const indexAt = (offset: number) => {
    const openEnd = openIndex === -1 ? Infinity : top(openIndex) + openHeight;
    return Math.floor((offset > openEnd ? offset - extra : offset) / rowHeight);
  };

  // The open row is scrolled into view when it opens (or grows past the bottom).
  useLayoutEffect(() => {
    const element = viewport.current;
    if (element === null || openIndex === -1) return;
    const start = top(openIndex);
    const end = start + openHeight;
    const height = element.clientHeight || DEFAULT_VIEWPORT;
    if (start < element.scrollTop) element.scrollTop = Math.max(0, start - rowHeight);
    else if (end > element.scrollTop + height) element.scrollTop = Math.max(0, end - height + rowHeight);
    setScrollTop(element.scrollTop);
  }, [openIndex, openHeight, rowHeight, top]);

  return {
    viewport,
    onScroll: (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop),
    first: Math.max(0, indexAt(scrollTop) - OVERSCAN),
    last: Math.min(count, indexAt(scrollTop + viewportHeight) + OVERSCAN + 1),
    top,
    totalHeight: count * rowHeight + extra,
  };
}
