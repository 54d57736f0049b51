import { useCallback, useEffect, useState } from 'react';

/**
 * An element's content width in CSS pixels, kept up to date as it resizes; null until measured.
 * Give `ref` to the element: a callback ref, so an element that appears later (after a loading
 * state) is measured too.
 */
export function useElementWidth(): { ref: (element: HTMLElement | null) => void; width: number | null } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref: useCallback((next: HTMLElement | null) => setElement(next), []), width };
}
