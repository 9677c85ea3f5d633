import { ExternalLink, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { languages } from '#common/i18n/languages.ts';
import type { AdminSection } from '#common/sections/sections.contract.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { sectionsAdminResource } from '../api/sections.admin.queries.ts';
import { SectionDialog } from './section-dialog.tsx';

/** The Páginas tab: the ten section pages of the site, each with the firm's words in every language. */
export function SectionsAdminTab() {
  const { t } = useTranslation(['sections', 'admin']);
  const date = useAdminDate();
  const columns: Column<AdminSection>[] = [
    { header: t('admin.columns.page'), cell: (row) => <span className="font-medium text-slate-900">{row.texts.es.title}</span> },
    { header: t('admin.columns.address'), cell: (row) => <code className="text-sm">{row.path}</code> },
    {
      header: t('admin.columns.languages'),
      cell: (row) =>
        languages
          .filter((language) => row.texts[language])
          .map((language) => t(`admin:news.languages.${language}`))
          .join(', '),
    },
    { header: t('admin.columns.questions'), cell: (row) => row.texts.es.faq.length },
    { header: t('admin.columns.updatedAt'), cell: (row) => <span className="whitespace-nowrap">{date(row.updatedAt)}</span> },
    {
      header: t('admin.columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          <SectionDialog
            section={row}
            trigger={(open) => (
              <Tooltip label={t('admin.edit', { title: row.texts.es.title })}>
                <Button variant="ghost" size="sm" onClick={open} aria-label={t('admin.edit', { title: row.texts.es.title })}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
              </Tooltip>
            )}
          />
          <Tooltip label={`${t('admin.view')}: ${row.texts.es.title}`}>
            <Button asChild variant="ghost" size="sm">
              <Link to={row.path} target="_blank" aria-label={`${t('admin.view')}: ${row.texts.es.title}`}>
                <ExternalLink className="h-4 w-4" aria-hidden />
              </Link>
            </Button>
          </Tooltip>
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      resource={sectionsAdminResource}
      section={t('admin:tabs.sections')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('admin.empty')}
    />
  );
}
