import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { defaultLanguage, languages } from '#common/i18n/languages.ts';
import { newsArticleInputSchema, type AdminNewsArticle, type NewsArticleInput } from '#common/news/news.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { fromDateTimeLocal, toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { newsAdminResource, useSaveNewsArticle } from '../api/news.admin.queries.ts';

/** The contract's article, but the form edits the publication time on the firm's clock where the contract takes an instant. */
const articleFormSchema = newsArticleInputSchema.extend({
  publishedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'validation:required'),
});
type ArticleForm = z.input<typeof articleFormSchema>;
type ArticleFormOutput = z.output<typeof articleFormSchema>;

const toInput = (form: ArticleFormOutput): NewsArticleInput => ({ ...form, publishedAt: fromDateTimeLocal(form.publishedAt) });

/** The form's fields for an article: a language it lacks is two blank fields. */
function formValues(article: AdminNewsArticle | undefined): ArticleForm {
  const blank = { title: '', content: '' };
  return {
    texts: { es: article?.texts.es ?? blank, en: article?.texts.en ?? blank, fr: article?.texts.fr ?? blank },
    publishedAt: toDateTimeLocal(article?.createdAt ?? new Date()),
  };
}

function ArticleDialog({ article, trigger }: { article?: AdminNewsArticle; trigger: (open: () => void) => React.ReactNode }) {
  const { t } = useTranslation('admin');
  const [isOpen, setOpen] = useState(false);
  const save = useSaveNewsArticle(article?.id, { failureTitle: t('update.error') });
  const form = useForm<ArticleForm, unknown, ArticleFormOutput>({ resolver: zodResolver(articleFormSchema), defaultValues: formValues(article) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(toInput(values), {
      onSuccess: () => {
        toast({ title: t('news.saved'), variant: 'success' });
        setOpen(false);
        form.reset(formValues(article));
      },
      onError: (error) => applyServerIssues(error, form.setError),
    }),
  );

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger(() => {
        form.reset(formValues(article));
        setOpen(true);
      })}
      <DialogContent title={article ? t('news.editTitle') : t('news.newTitle')} width="xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {languages.map((textLanguage) => {
            const textErrors = errors.texts?.[textLanguage];
            const name = t(`news.languages.${textLanguage}`);
            const isRequired = textLanguage === defaultLanguage;
            return (
              <fieldset key={textLanguage} className="space-y-3 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  {t(isRequired ? 'news.versionRequired' : 'news.versionOptional', { language: name })}
                </legend>
                {isRequired ? null : <p className="text-sm text-slate-600">{t('news.optionalHint')}</p>}
                <FormField label={`${t('news.fields.title')} (${name})`} error={textErrors?.title?.message} isRequired={isRequired}>
                  <Input lang={textLanguage} {...form.register(`texts.${textLanguage}.title`)} />
                </FormField>
                <FormField
                  label={`${t('news.fields.content')} (${name})`}
                  error={textErrors?.content?.message}
                  hint={isRequired ? t('news.contentHint') : undefined}
                  isRequired={isRequired}
                >
                  <Textarea lang={textLanguage} rows={isRequired ? 8 : 5} {...form.register(`texts.${textLanguage}.content`)} />
                </FormField>
              </fieldset>
            );
          })}
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
  const columns: Column<AdminNewsArticle>[] = [
    { header: t('columns.publishedAt'), cell: (row) => <span className="whitespace-nowrap">{date(row.createdAt)}</span> },
    { header: t('columns.title'), cell: (row) => <span className="font-medium text-slate-900">{row.texts.es.title}</span> },
    {
      header: t('columns.languages'),
      cell: (row) => (
        <span className="whitespace-nowrap">
          {languages
            .filter((language) => row.texts[language])
            .map((language) => t(`news.languages.${language}`))
            .join(', ')}
        </span>
      ),
    },
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
              <Tooltip label={t('news.edit', { title: row.texts.es.title })}>
                <Button variant="ghost" size="sm" onClick={open} aria-label={t('news.edit', { title: row.texts.es.title })}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
              </Tooltip>
            )}
          />
          <DeleteButton resource={newsAdminResource} id={row.id} label={row.texts.es.title} />
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
