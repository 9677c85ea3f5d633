import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { PageInteractiveMark } from './page-interactive-mark.tsx';

/** Browsers word a failed dynamic import differently; each names the module script it could not load. */
const chunkLoadFailure = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && chunkLoadFailure.test(error.message);
}

const reloadedAtKey = 'chunk-reload-at';
const reloadLoopMs = 30_000;

/**
 * After a deploy the old page's chunks are gone: reload once to get the new ones, but not again
 * within half a minute, so a chunk that truly fails shows the message instead of a reload loop.
 */
function reloadOnceForNewVersion(): boolean {
  const last = Number(window.sessionStorage.getItem(reloadedAtKey) ?? 0);
  if (Date.now() - last < reloadLoopMs) return false;
  window.sessionStorage.setItem(reloadedAtKey, String(Date.now()));
  window.location.reload();
  return true;
}

/** Where "back" leads from the area the failed page belongs to. */
function areaHome(pathname: string): { to: string; label: 'actions.backHome' | 'crash.backToPanel' | 'crash.backToAdmin' } {
  if (pathname.startsWith('/admin')) return { to: '/admin', label: 'crash.backToAdmin' };
  if (pathname.startsWith('/panel') || pathname.startsWith('/perfil')) return { to: '/panel', label: 'crash.backToPanel' };
  return { to: '/', label: 'actions.backHome' };
}

function PageFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isNewVersion = isChunkLoadFailure(error);
  const home = areaHome(pathname);
  const title = t(isNewVersion ? 'crash.newVersionTitle' : 'crash.title');
  const description = t(isNewVersion ? 'crash.newVersionDescription' : 'crash.description');
  return (
    <section role="alert" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={title} description={description} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('crash.reload')}</Button>
        {pathname === home.to ? null : (
          <Button asChild variant="outline">
            <a href={home.to}>{t(home.label)}</a>
          </Button>
        )}
      </div>
      <PageInteractiveMark />
    </section>
  );
}

type BoundaryState = { error: unknown; hasError: boolean };

class Boundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadFailure(error) && reloadOnceForNewVersion()) return;
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <PageFailure error={this.state.error} /> : this.props.children;
  }
}

/**
 * Keeps the header, the footer and the way back on screen when a page fails to render or its
 * code fails to load; moving to another address starts afresh.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}

