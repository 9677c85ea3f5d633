import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newsArticleInputSchema, type NewsArticle, type NewsArticleInput } from '#common/news/news.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { fromDateTimeLocal, toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { newsAdminResource, useSaveNewsArticle } from '../api/news.admin.queries.ts';

/** The contract's article, but the form edits the publication time on the firm's clock where the contract takes an instant. */
const articleFormSchema = newsArticleInputSchema.extend({
  publishedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'validation:required'),
});
type ArticleForm = z.infer<typeof articleFormSchema>;

const toInput = (form: ArticleForm): NewsArticleInput => ({ ...form, publishedAt: fromDateTimeLocal(form.publishedAt) });

function ArticleDialog({ article, trigger }: { article?: NewsArticle; trigger: (open: () => void) => React.ReactNode }) {
  const { t } = useTranslation('admin');
  const [isOpen, setOpen] = useState(false);
  const save = useSaveNewsArticle(article?.id);
  const defaults = (): ArticleForm => ({
    title: article?.title ?? '',
    content: article?.content ?? '',
    publishedAt: toDateTimeLocal(article?.createdAt ?? new Date()),
  });
  const form = useForm<ArticleForm>({ resolver: zodResolver(articleFormSchema), defaultValues: defaults() });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(toInput(values), {
      onSuccess: () => {
        toast({ title: t('news.saved'), variant: 'success' });
        setOpen(false);
        form.reset(defaults());
      },
      onError: (error) => toast({ title: t('update.error'), description: error.message, variant: 'destructive' }),
    }),
  );

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger(() => {
        form.reset(defaults());
        setOpen(true);
      })}
      <DialogContent title={article ? t('news.editTitle') : t('news.newTitle')} className="max-w-2xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={t('news.fields.title')} error={errors.title?.message} isRequired>
            <Input {...form.register('title')} />
          </FormField>
          <FormField label={t('news.fields.content')} error={errors.content?.message} hint={t('news.contentHint')} isRequired>
            <Textarea rows={10} {...form.register('content')} />
          </FormField>
          <FormField label={t('news.fields.publishedAt')} error={errors.publishedAt?.message} hint={t('news.publishedAtHint')} isRequired>
            <Input type="datetime-local" {...form.register('publishedAt')} />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {t('news.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function NewsAdminTab() {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const columns: Column<NewsArticle>[] = [
    { header: t('columns.publishedAt'), cell: (row) => <span className="whitespace-nowrap">{date(row.createdAt)}</span> },
    { header: t('columns.title'), cell: (row) => <span className="font-medium text-slate-900">{row.title}</span> },
    {
      header: t('columns.status'),
      cell: (row) =>
        new Date(row.createdAt) <= new Date() ? (
          <Badge tone="green">{t('news.published')}</Badge>
        ) : (
          <Badge tone="yellow">{t('news.scheduled')}</Badge>
        ),
    },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          <ArticleDialog
            article={row}
            trigger={(open) => (
              <Button variant="ghost" size="sm" onClick={open} aria-label={t('news.edit', { title: row.title })}>
                <Pencil className="h-4 w-4" aria-hidden />
              </Button>
            )}
          />
          <DeleteButton resource={newsAdminResource} id={row.id} label={row.title} />
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      resource={newsAdminResource}
      section={t('tabs.news')}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t('news.empty')}
      toolbar={
        <ArticleDialog
          trigger={(open) => (
            <Button size="sm" onClick={open}>
              <Plus className="h-4 w-4" aria-hidden />
              {t('news.new')}
            </Button>
          )}
        />
      }
    />
  );
}
