import { Tabs } from 'radix-ui';
import { useId, useState, type ComponentType } from 'react';
import { useTranslation } from '#web/lib/translation.tsx';

/** The back office's groups, in the order of the menu: the firm's kinds of work. */
const adminGroups = ['today', 'casework', 'consultations', 'translations', 'messages', 'billing', 'web', 'settings'] as const;
export type AdminGroup = (typeof adminGroups)[number];

export interface AdminNavigationTab {
  id: string;
  key: string;
  group: AdminGroup;
  Count?: ComponentType;
}

/** The groups holding at least one of the tabs shown, each with its tabs in the given order; a group with none is left out. */
function groupTabs<T extends AdminNavigationTab>(tabs: readonly T[]): { group: AdminGroup; tabs: T[] }[] {
  return adminGroups.map((group) => ({ group, tabs: tabs.filter((tab) => tab.group === group) })).filter(({ tabs: inGroup }) => inGroup.length > 0);
}

/**
 * The back office's menu, inside a `Tabs.Root`: one tab list per group, labelled by the group's
 * name, so every tab keeps its role and name. On a desktop the groups stand in a column beside
 * the open tab; on a phone they fold behind a button naming the open tab, which opens them and
 * closes again once a tab is chosen.
 */
export function AdminNavigation({ tabs, active }: { tabs: readonly AdminNavigationTab[]; active: string }) {
  const { t } = useTranslation('admin');
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const activeTab = tabs.find((tab) => tab.id === active);

  return (
    <nav aria-label={t('tabsLabel')} className="lg:sticky lg:top-4 lg:self-start">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-4 py-3 text-left text-sm font-medium text-brand-900 lg:hidden"
      >
        <span>
          <span className="sr-only">{t('navigation.menu')} </span>
          {activeTab ? t(`tabs.${activeTab.key}`) : t('navigation.menu')}
        </span>
        <span aria-hidden="true" className="text-slate-700">
          {isOpen ? '▲' : '▼'}
        </span>
      </button>
      <div id={menuId} className={`${isOpen ? 'mt-2 rounded-md border border-slate-200 bg-white p-3' : 'hidden'} space-y-4 lg:mt-0 lg:block lg:border-0 lg:p-0`}>
        {groupTabs(tabs).map(({ group, tabs: inGroup }) => (
          <div key={group}>
            <p id={`${menuId}-${group}`} className="px-3 text-xs font-semibold tracking-wide text-slate-700 uppercase">
              {t(`navigation.groups.${group}`)}
            </p>
            <Tabs.List aria-labelledby={`${menuId}-${group}`} className="mt-1 flex flex-col gap-0.5">
              {inGroup.map((tab) => (
                <Tabs.Trigger
                  key={tab.id}
                  value={tab.id}
                  onClick={() => setIsOpen(false)}
                  className="flex items-center justify-between gap-2 rounded-md border-l-2 border-transparent px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-brand-800 data-[state=active]:border-brand-800 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-900"
                >
                  <span>{t(`tabs.${tab.key}`)}</span>
                  {tab.Count ? (
                    <span>
                      <tab.Count />
                    </span>
                  ) : null}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </div>
        ))}
      </div>
    </nav>
  );
}
