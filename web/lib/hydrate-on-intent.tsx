import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useIsHydrating } from './hydration.ts';

type Module<Props> = { default: ComponentType<Props> };

/** What shows that a visitor is about to use a part: the pointer over it, a touch, the focus in it. */
const intentEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin'];

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type ChangedField = { field: Field; value: string; checked: boolean };

/** The fields whose value the visitor changed from the server's HTML: typed, chosen or ticked. */
function changedFields(container: HTMLElement | null): ChangedField[] {
  const fields = [...(container?.querySelectorAll<Field>('input, textarea, select') ?? [])];
  return fields
    .filter((field) => {
      if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
      if (field.type === 'checkbox' || field.type === 'radio') return field instanceof HTMLInputElement && field.checked !== field.defaultChecked;
      return field.type !== 'file' && field.value !== field.defaultValue;
    })
    .map((field) => ({ field, value: field.value, checked: field instanceof HTMLInputElement && field.checked }));
}

/**
 * Gives the hydrated form back what was entered before it hydrated, through the events React
 * listens to, so the form's own state (react-hook-form's) holds it and not only the screen. The
 * value goes through the element's prototype setter: React's own tracker would otherwise see no change.
 */
function reenter({ field, value, checked }: ChangedField) {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== checked) field.click();
    return;
  }
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Until a part hydrates, React drops the events aimed at it, and a form's submit would leave the
 * page with its fields in the address. Listening on the document, before React's own listeners,
 * keeps the visitor's first intent, their last click on a button and their submit, which are
 * replayed once the part has hydrated.
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
  const onClick = (event: Event) => {
    const button = isInside(event) && event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type !== 'submit') replay = () => button.click();
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!isInside(event) || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    const form = event.target;
    const submitter = event.submitter;
    replay = () => form.requestSubmit(submitter);
  };

  function listen() {
    for (const type of intentEvents) document.addEventListener(type, onIntent, true);
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    stop = () => {
      for (const type of intentEvents) document.removeEventListener(type, onIntent, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    };
    return () => stop();
  }

  function hydrated(entered: ChangedField[]) {
    stop();
    entered.forEach(reenter);
    const pending = replay;
    replay = undefined;
    pending?.();
  }

  const Part = lazy(async () => {
    await intent;
    const { default: Component } = await load();
    function Hydrated(props: Props) {
      // Read while rendering, the last moment before hydration commits and the form's own code
      // (react-hook-form's register) sets its fields to their defaults.
      const [entered] = useState(() => changedFields(container.current));
      useEffect(() => hydrated(entered), [entered]);
      return <Component {...props} />;
    }
    return { default: Hydrated };
  });
  return { Part, listen };
}

/**
 * A part of a server-rendered page (a form) whose code loads only when the visitor is about to use
 * it, so the page's first scripts stay small: until then its server HTML shows, readable, and
 * nothing of it runs. Drawn by the browser alone (a later navigation), it loads at once.
 */
export function hydrateOnIntent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const loadModule = () => load().then((component) => ({ default: component }));
  const Loaded = lazy(loadModule);
  return function HydratedOnIntent(props: Props) {
    const isHydrating = useIsHydrating();
    const container = useRef<HTMLDivElement>(null);
    const [deferred] = useState(() => (isHydrating && typeof document !== 'undefined' ? deferUntilIntent(container, loadModule) : null));
    useEffect(() => deferred?.listen(), [deferred]);
    const Part = deferred?.Part ?? Loaded;
    return (
      <div ref={container} className="contents">
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  };
}
