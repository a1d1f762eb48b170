import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A button with a panel that opens on hover, on click and from the keyboard (Enter or Space;
 * Escape closes and returns focus), closing when the pointer or focus leaves; a click after the
 * hover that opened it keeps it open, the next one closes it. Plain React and CSS:
 * the header and float window stay out of antd so the first load stays small.
 */
export function Disclosure({
  button,
  buttonClassName,
  className,
  panelClassName,
  children,
}: {
  button: ReactNode;
  buttonClassName: string;
  className?: string;
  panelClassName: string;
  /** Rendered only while open. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Opened by the pointer resting on it: the click that follows keeps it open (a mouse user
  // hovers, then clicks) instead of closing what they just saw open.
  const openedByHover = useRef(false);
  // Where the pointer last moved inside, and the listener waiting for it to move after its panel
  // shrank from under it (below).
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const awaitingMove = useRef<((e: MouseEvent) => void) | null>(null);
  const panelId = useId();

  const stopAwaitingMove = () => {
    if (awaitingMove.current) document.removeEventListener('mousemove', awaitingMove.current);
    awaitingMove.current = null;
  };
  useEffect(
    () => () => {
      clearTimeout(closeTimer.current);
      stopAwaitingMove();
    },
    [],
  );
  const show = () => {
    clearTimeout(closeTimer.current);
    stopAwaitingMove();
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  // A short delay lets the pointer travel from the button to the panel.
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };

  return (
    <div
      ref={rootRef}
      className={['portal-disclosure', className].filter(Boolean).join(' ')}
      onMouseEnter={show}
      onMouseMove={(e) => {
        pointer.current = { x: e.clientX, y: e.clientY };
      }}
      onMouseLeave={(e) => {
        // Left without moving: the panel shrank from under a still pointer (clear-all emptied the
        // export list, issue 19 item 14). It stays open, showing what happened, until the pointer
        // moves outside; closing here hid "No files to download" the moment it appeared.
        const p = pointer.current;
        if (open && p && p.x === e.clientX && p.y === e.clientY) {
          stopAwaitingMove();
          const away = (m: MouseEvent) => {
            stopAwaitingMove();
            if (!rootRef.current?.contains(m.target as Node | null)) hideSoon();
          };
          awaitingMove.current = away;
          document.addEventListener('mousemove', away);
          return;
        }
        hideSoon();
      }}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open && openedByHover.current) openedByHover.current = false;
          else setOpen(!open);
        }}
      >
        {button}
      </button>
      <div id={panelId} className={panelClassName} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
