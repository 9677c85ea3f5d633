import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useIsHydrating } from './hydration.ts';

type Module<Props> = { default: ComponentType<Props> };

/** What shows that a visitor is about to use a part: the pointer over it, a touch, the focus in it (a click or submit too, below). */
const intentEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin'];

/**
 * Until a part hydrates, React drops the events aimed at it, and a form's submit would leave the
 * page with its fields in the address. Listening on the document, before React's own listeners,
 * keeps the visitor's first intent, their last click or key on a button and their submit, which are
 * replayed once the part has hydrated. What was typed meanwhile stays in the fields, where
 * react-hook-form reads it when it registers them (it takes an edited field's value over its default).
 */
function deferUntilIntent<Props extends object>(container: RefObject<HTMLElement | null>, load: () => Promise<Module<Props>>) {
  let begin = () => {};
  const intent = new Promise<void>((resolve) => {
    begin = resolve;
  });
  let replay: (() => void) | undefined;
  let stop = () => {};

  const isInside = (event: Event) => event.target instanceof Node && Boolean(container.current?.contains(event.target));
  const onIntent = (event: Event) => {
    if (isInside(event)) begin();
  };
  const buttonOf = (event: Event) => (isInside(event) && event.target instanceof Element ? event.target.closest('button') : null);
  // A screen reader's activation clicks with no pointer or focus before it: a click is intent too.
  const onClick = (event: Event) => {
    if (isInside(event)) begin();
    const button = buttonOf(event);
    if (button && button.type !== 'submit') replay = () => button.click();
  };
  // A key on a button that opens something (the arrow that opens a menu); Enter and Space also click it.
  const onKeyDown = (event: KeyboardEvent) => {
    const button = buttonOf(event);
    const { key, code, shiftKey, altKey, ctrlKey, metaKey } = event;
    if (button) replay = () => button.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, altKey, ctrlKey, metaKey, bubbles: true, cancelable: true }));
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!isInside(event) || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    begin();
    const form = event.target;
    const submitter = event.submitter;
    replay = () => form.requestSubmit(submitter);
  };

  function listen() {
    for (const type of intentEvents) document.addEventListener(type, onIntent, true);
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('submit', onSubmit, true);
    stop = () => {
      for (const type of intentEvents) document.removeEventListener(type, onIntent, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('submit', onSubmit, true);
    };
    return () => stop();
  }

  function replayPending() {
    // A file chosen before hydration reached no handler (a form keeps files in its own state):
    // its input says so again. Typed text needs nothing (above).
    for (const input of container.current?.querySelectorAll<HTMLInputElement>('input[type=file]') ?? []) {
      if (input.files?.length) input.dispatchEvent(new Event('change', { bubbles: true }));
    }
    const pending = replay;
    replay = undefined;
    // After React has drawn what those changes set.
    if (pending) setTimeout(pending);
  }

  const Part = lazy(async () => {
    await intent;
    const { default: Component } = await load();
    function Hydrated(props: Props) {
      const isHydrating = useIsHydrating();
      // Hydrated: React handles the part's events from now on.
      useEffect(() => stop(), []);
      // Replayed once the part has drawn itself again with what hydration leaves out (the person
      // signed in): a click replayed before would act for nobody.
      useEffect(() => {
        if (!isHydrating) replayPending();
      }, [isHydrating]);
      return <Component {...props} />;
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
    const location = useLocation();
    const [first] = useState({ props, location });
    // While rendering: a navigation that waits for this part commits nothing until it has hydrated,
    // so an effect would never run.
    if (props !== first.props || location !== first.location) deferred?.begin();
    useEffect(() => deferred?.listen(), [deferred]);
    const Part = deferred?.Part ?? Loaded;
    const element = useMemo(
      () => (
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      ),
      [Part, props],
    );
    return (
      <div ref={container} className="contents">
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
