import { useEffect, useRef, useState, type ReactNode } from 'react';

interface ScrollBoxProps {
  /** Sets the box's height limit and frame. */
  className?: string;
  /** With a label the box is a focusable region, so keyboard users can scroll it. */
  label?: string;
  children: ReactNode;
}

/**
 * A box of limited height whose content scrolls, with a cue while rows are hidden below: the last
 * visible rows fade out. Without it a list cut at the box's edge looked complete (a category's
 * contracts, the FX rates, the taxonomy). The cue follows scrolling and the content's size.
 */
export function ScrollBox({ className, label, children }: ScrollBoxProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  // How far above the box's bottom edge the cue sits: the height of a sideways scrollbar, if any.
  const [cueBottom, setCueBottom] = useState<number | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const update = () => {
      const hidden = box.scrollHeight - box.scrollTop - box.clientHeight > 2;
      setCueBottom(hidden ? box.offsetHeight - box.clientHeight - box.clientTop : null);
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    // The box changes with the window; its content with every row added or removed.
    const observer = new ResizeObserver(update);
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  return (
    <div className="scroll-box">
      <div ref={boxRef} className={className} {...(label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
        {children}
      </div>
      {cueBottom !== null && <div className="scroll-box__cue" style={{ bottom: cueBottom }} aria-hidden="true" data-testid="scroll-cue" />}
    </div>
  );
}
