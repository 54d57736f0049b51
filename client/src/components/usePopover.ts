import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** Calls `onOutside` on a pointer down outside `ref`'s element, while `active`. */
export function useOutsidePointerDown(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    function onPointerDown(event: PointerEvent) {
      if (ref.current && !ref.current.contains(event.target as Node)) onOutside();
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [ref, active, onOutside]);
}

/**
 * A disclosure button's panel (the filter bar's selects): open state, closed by a pointer down
 * outside `rootRef` or by Escape inside it (`onKeyDown` on the root), where `close` returns focus
 * to `buttonRef` (docs/accessibility.md).
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dismiss = useCallback(() => setOpen(false), []);
  useOutsidePointerDown(rootRef, open, dismiss);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };
  return { open, setOpen, rootRef, buttonRef, close, onKeyDown };
}
