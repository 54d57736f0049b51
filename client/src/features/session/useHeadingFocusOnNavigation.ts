import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading } from '../../components/PageHeader';

/** How long to wait for a new page to show its heading (it may wait for its data first). */
const HEADING_WAIT_MS = 5000;

/**
 * After a navigation the user caused (a link, an upload, a drill from the explorer), focus moves
 * to the new page's main heading, so keyboard and screen-reader users start on the new page
 * instead of at the top of the document (the control they used is often gone). Not on the first
 * page load or a redirect before any input, and not when the new page put focus somewhere itself.
 * Only the path counts: filters and sorting change the query string and keep focus where it is.
 */
export function useHeadingFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const userActed = useRef(false);

  useEffect(() => {
    const acted = () => {
      userActed.current = true;
    };
    window.addEventListener('keydown', acted, true);
    window.addEventListener('pointerdown', acted, true);
    return () => {
      window.removeEventListener('keydown', acted, true);
      window.removeEventListener('pointerdown', acted, true);
    };
  }, []);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (!userActed.current) return;
    // What has focus now: the body (the control used is gone) or a control that stays, such as a nav link.
    const focusedAtNavigation = document.activeElement;
    const until = performance.now() + HEADING_WAIT_MS;
    let frame = 0;
    const tryFocus = () => {
      const active = document.activeElement;
      if (active && active !== document.body && active !== focusedAtNavigation) return;
      if (!focusPageHeading() && performance.now() < until) frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
