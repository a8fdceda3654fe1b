import { useLayoutEffect, useRef, useState, type UIEvent } from 'react';

/** Every row has this height, so the rows on screen follow from the scroll offset alone. */
export const ROW_HEIGHT = 92;
/** The one open row (full text and editor) is this tall. */
export const OPEN_ROW_HEIGHT = 300;
const OVERSCAN = 6;
/** Used until the viewport is measured (and in tests, where nothing is laid out). */
const DEFAULT_VIEWPORT = 640;

/**
 * Which of `count` rows to render in a scrolled viewport (those in view, plus a few above and
 * below), and where each goes, given the index of the one open (taller) row or -1.
 */
export function useSegmentWindow(count: number, openIndex: number) {
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

  const extra = openIndex === -1 ? 0 : OPEN_ROW_HEIGHT - ROW_HEIGHT;
  const top = (index: number) => index * ROW_HEIGHT + (openIndex !== -1 && index > openIndex ? extra : 0);
  const indexAt = (offset: number) => {
    const openEnd = openIndex === -1 ? Infinity : top(openIndex) + OPEN_ROW_HEIGHT;
    return Math.floor((offset > openEnd ? offset - extra : offset) / ROW_HEIGHT);
  };

  return {
    viewport,
    onScroll: (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop),
    first: Math.max(0, indexAt(scrollTop) - OVERSCAN),
    last: Math.min(count, indexAt(scrollTop + viewportHeight) + OVERSCAN + 1),
    top,
    totalHeight: count * ROW_HEIGHT + extra,
  };
}
