import { Search } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { searchKinds, searchMinLength, type SearchResults } from '#common/search/search.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSearch } from '../api/search.queries.ts';

/** Whether a key press is typing into a field, where "/" is a character and not the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

const isEmpty = (results: SearchResults) => searchKinds.every((kind) => results[kind].length === 0);

function Results({ term, onOpen }: { term: string; onOpen: () => void }) {
  const { t } = useTranslation('search');
  const search = useSearch(term);
  if (term.length < searchMinLength) return <p className="text-sm text-slate-700">{t('hint')}</p>;
  return (
    <QueryState query={search} loading={t('loading')} failure={t('error')} empty={<p role="status" className="text-sm text-slate-700">{t('noMatches', { term })}</p>} isEmpty={isEmpty} className="text-sm">
      {(results) => (
        <div className="space-y-4">
          {searchKinds
            .filter((kind) => results[kind].length > 0)
            .map((kind) => (
              <section key={kind} aria-labelledby={`search-kind-${kind}`}>
                <h3 id={`search-kind-${kind}`} className="text-xs font-semibold uppercase tracking-wide text-slate-700">
                  {t(`kinds.${kind}`)}
                </h3>
                <ul className="mt-1 divide-y divide-slate-100">
                  {results[kind].map((hit) => (
                    <li key={hit.id}>
                      <Link
                        to={hit.href}
                        onClick={onOpen}
                        data-search-hit=""
                        className="block rounded px-2 py-2 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                      >
                        <span className="block font-medium text-slate-900">{hit.title}</span>
                        {hit.detail ? <span className="block text-sm text-slate-700">{hit.detail}</span> : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        </div>
      )}
    </QueryState>
  );
}

/**
 * The back office's one search: a button, Ctrl+K (⌘K) or "/" opens it; what staff type is searched
 * after a short pause, and each match is a link to its page. ↓ and ↑ move between the matches.
 */
export function SearchPalette() {
  const { t } = useTranslation('search');
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const isShortcut = ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') || (event.key === '/' && !isTyping(event.target));
      if (!isShortcut || event.altKey) return;
      event.preventDefault();
      setIsOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(draft.trim()), 150);
    return () => clearTimeout(timer);
  }, [draft]);

  const moveBetweenHits = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const hits = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-search-hit]')];
    if (!hits.length) return;
    event.preventDefault();
    const at = hits.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, hits.length - 1) : at - 1;
    if (next < 0) event.currentTarget.querySelector<HTMLElement>('input')?.focus();
    else hits[next]?.focus();
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <Button variant="outline" onClick={() => setIsOpen(true)} aria-keyshortcuts="Control+K /">
        <Search className="h-4 w-4" aria-hidden />
        {t('open')}
        <kbd className="ml-1 hidden rounded border border-slate-300 px-1 text-xs text-slate-600 sm:inline">{t('shortcut')}</kbd>
      </Button>
      <DialogContent title={t('title')} description={t('description')} width="lg">
        <div onKeyDown={moveBetweenHits} className="space-y-4">
          <Input
            type="search"
            autoFocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-label={t('label')}
            placeholder={t('placeholder')}
            maxLength={100}
          />
          <div aria-live="polite">
            <Results term={term} onOpen={() => setIsOpen(false)} />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
