import { useRef, useState, type ReactElement } from 'react';
import { createPortal } from 'react-dom';

type Place = { top: number; left: number };

/**
 * The name of an icon-only control, shown above it on hover and on keyboard focus, gone on a press,
 * on Escape and when the pointer or the focus leaves (the back office's; the public pages do not
 * load it). The control keeps its own aria-label, which is what a screen reader says: the tip only
 * repeats it for the eyes, so it is hidden from assistive technology. Drawn in the page's body at
 * the control's place, so no scrolling table or dialog clips it. Not Radix's Tooltip: its
 * positioning engine would weigh about 13 KB gzipped for a one-line label.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const [place, setPlace] = useState<Place | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const isPressing = useRef(false);
  const show = () => {
    const rect = wrapper.current?.getBoundingClientRect();
    if (rect) setPlace({ top: rect.top, left: rect.left + rect.width / 2 });
  };
  const hide = () => setPlace(null);
  return (
    <span
      ref={wrapper}
      className="inline-flex"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') show();
      }}
      onPointerLeave={hide}
      onPointerDown={() => {
        isPressing.current = true;
        hide();
      }}
      onPointerUp={() => (isPressing.current = false)}
      onFocus={() => {
        // A press focuses the control too: the tip is for the keyboard's focus and the pointer's hover.
        if (!isPressing.current) show();
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      {children}
      {place
        ? createPortal(
            <span
              aria-hidden="true"
              data-tooltip=""
              style={{ top: place.top - 6, left: place.left }}
              className="pointer-events-none fixed z-[60] max-w-xs -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow"
            >
              {label}
            </span>,
            document.body,
          )
        : null}
    </span>
  );
}
