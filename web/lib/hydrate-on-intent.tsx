import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { actionHeldEvent, awaitingHydrationAttribute } from '#common/page/held-actions.ts';
import { hasHeldActionWithin, releaseHeldActions } from './held-actions.ts';
import { useIsHydrating } from './hydration.ts';

type Module<Props> = { default: ComponentType<Props> };

/** What shows that a visitor is about to use a part: the pointer over it, a touch, the focus in it; or a press the page held for it. */
const intentEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin'];

/**
 * A part whose code waits for the visitor's intent. Until it hydrates, the page's first script
 * holds every press aimed at it (ADR 034), and says so with an event, which is intent too; the part
 * is marked as awaiting so that the script keeps holding after the rest of the page answers. What
 * was typed meanwhile stays in the fields, where react-hook-form reads it when it registers them (it
 * takes an edited field's value over its default).
 */
function deferUntilIntent<Props extends object>(container: RefObject<HTMLElement | null>, load: () => Promise<Module<Props>>) {
  let begin = () => {};
  const intent = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const onIntent = (event: Event) => {
    if (event.target instanceof Node && container.current?.contains(event.target)) begin();
  };

  function listen() {
    const element = container.current;
    // A press made before this code ran.
    if (element && hasHeldActionWithin(element)) begin();
    for (const type of intentEvents) document.addEventListener(type, onIntent, true);
    element?.addEventListener(actionHeldEvent, begin);
    return () => {
      for (const type of intentEvents) document.removeEventListener(type, onIntent, true);
      element?.removeEventListener(actionHeldEvent, begin);
    };
  }

  const Part = lazy(async () => {
    await intent;
    const { default: Component } = await load();
    function Hydrated({ onHydrated, ...props }: Props & { onHydrated: () => void }) {
      const isHydrating = useIsHydrating();
      // Once the part has drawn itself again with what hydration leaves out (the person signed in):
      // a press handed back before would act for nobody.
      useEffect(() => {
        if (!isHydrating) onHydrated();
      }, [isHydrating, onHydrated]);
      return <Component {...(props as Props)} />;
    }
    return { default: Hydrated };
  });
  return { Part, listen, begin: () => begin() };
}

/**
 * A part of a server-rendered page (a form) whose code loads only when the visitor is about to use
 * it, so the page's first scripts stay small: until then its server HTML shows, readable, and
 * nothing of it runs. Drawn by the browser alone (a later navigation), it loads at once.
 *
 * React draws a waiting part anew, dropping its server HTML, when it is handed new children: so
 * the part is handed the same element on every render until its props change (memo, useMemo).
 * When they change, or the address does (which its links read), React must hydrate the part
 * before it can show the change, and waits for it: its code is then asked for at once.
 */
export function hydrateOnIntent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> & { useLoadedOnNavigation: () => void } {
  const loadModule = () => load().then((component) => ({ default: component }));
  const Loaded = lazy(loadModule);
  const part = memo(function HydratedOnIntent(props: Props) {
    const isHydrating = useIsHydrating();
    const container = useRef<HTMLDivElement>(null);
    const [deferred] = useState(() => (isHydrating && typeof document !== 'undefined' ? deferUntilIntent(container, loadModule) : null));
    const [isAwaiting, setIsAwaiting] = useState(isHydrating);
    const location = useLocation();
    const [first] = useState({ props, location });
    // While rendering: a navigation that waits for this part commits nothing until it has hydrated,
    // so an effect would never run.
    if (props !== first.props || location !== first.location) deferred?.begin();
    useEffect(() => (isAwaiting ? deferred?.listen() : undefined), [deferred, isAwaiting]);
    const onHydrated = useCallback(() => {
      // A file chosen before hydration reached no handler (a form keeps files in its own state):
      // its input says so again. Typed text needs nothing (above).
      for (const input of container.current?.querySelectorAll<HTMLInputElement>('input[type=file]') ?? []) {
        if (input.files?.length) input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      setIsAwaiting(false);
    }, []);
    useEffect(() => {
      if (!isAwaiting && deferred) releaseHeldActions();
    }, [isAwaiting, deferred]);
    const element = useMemo(
      () =>
        deferred ? (
          <Suspense fallback={null}>
            <deferred.Part {...props} onHydrated={onHydrated} />
          </Suspense>
        ) : (
          <Suspense fallback={null}>
            <Loaded {...props} />
          </Suspense>
        ),
      [deferred, props, onHydrated],
    );
    return (
      <div ref={container} className="contents" {...{ [awaitingHydrationAttribute]: isAwaiting ? '' : undefined }}>
        {element}
      </div>
    );
  });
  /**
   * For a page that draws the part only once its data has come (an article's text): drawn by the
   * browser (a navigation), the part's code is asked for with the page, not after the data. A page
   * the server drew waits for the visitor's intent as ever.
   */
  function useLoadedOnNavigation() {
    const isHydrating = useIsHydrating();
    const [isNavigation] = useState(!isHydrating);
    if (isNavigation) void loadModule();
  }
  return Object.assign(part, { useLoadedOnNavigation });
}
