import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Download } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatLongDate } from '#common/long-date.ts';
import { filingPackFiledSchema, type FileableDocument, type FilingLimits, type FilingPack } from '#common/filing-packs/filing-packs.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useLanguage } from '#web/lib/use-language.ts';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { packFileUrl, useBuildFilingPack, useCaseFilingPacks, useMarkPackFiled, useSaveFilingLimits } from '../api/filing-packs.queries.ts';

const megabyte = 1024 * 1024;

/** Sizes in megabytes as the staff member reads numbers ('10,5' in Spanish). */
function useMegabytes(): (bytes: number) => string {
  const language = useLanguage();
  return (bytes) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / megabyte);
}

type Chosen = { id: string; startsNewFile: boolean };

/**
 * Chooses the accepted documents (ticked, in the order ticked) and orders them with the up and down
 * buttons; the focus follows the moved document, so the keyboard can keep moving it.
 */
function PackBuilder({ caseId, documents }: { caseId: number; documents: FileableDocument[] }) {
  const { t } = useTranslation('filing-packs');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [focus, setFocus] = useState<{ id: string; direction: 'up' | 'down' }>();
  const build = useBuildFilingPack({ failureTitle: t('admin.failed'), successTitle: t('admin.built') });
  const byId = new Map(documents.map((document) => [document.id, document]));
  useEffect(() => {
    if (!focus) return;
    const wanted = document.getElementById(`filing-${focus.id}-${focus.direction}`);
    const other = document.getElementById(`filing-${focus.id}-${focus.direction === 'up' ? 'down' : 'up'}`);
    (wanted instanceof HTMLButtonElement && !wanted.disabled ? wanted : other)?.focus();
  }, [focus, chosen]);

  const toggle = (id: string, isChecked: boolean) =>
    setChosen((current) => (isChecked ? [...current, { id, startsNewFile: false }] : current.filter((item) => item.id !== id)));
  const move = (index: number, direction: 'up' | 'down') => {
    const target = direction === 'up' ? index - 1 : index + 1;
    setChosen((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(target, 0, item);
      return next;
    });
    const item = chosen[index];
    if (item) setFocus({ id: item.id, direction });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    build.mutate(
      { caseId, input: { documents: chosen.map((item) => ({ documentId: item.id, startsNewFile: item.startsNewFile })) } },
      { onSuccess: () => setChosen([]) },
    );
  };
  const nameOf = (id: string) => byId.get(id)?.name ?? '';

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-brand-900">{t('admin.available')}</legend>
        <ul className="space-y-1">
          {documents.map((document) => (
            <li key={document.id} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                id={`filing-choose-${document.id}`}
                className="mt-1 h-4 w-4"
                disabled={!document.isFileable}
                checked={chosen.some((item) => item.id === document.id)}
                onChange={(event) => toggle(document.id, event.target.checked)}
              />
              <label htmlFor={`filing-choose-${document.id}`}>
                <span className="font-medium">{document.requestTitle}</span>: {document.isFileable ? document.name : t('admin.notFileable', { name: document.name })}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="space-y-2">
        <h3 id={`filing-order-${caseId}`} className="text-sm font-semibold text-brand-900">
          {t('admin.order')}
        </h3>
        {chosen.length === 0 ? (
          <p className="text-sm text-slate-700">{t('admin.orderEmpty')}</p>
        ) : (
          <ol aria-labelledby={`filing-order-${caseId}`} className="space-y-2">
            {chosen.map((item, index) => {
              const name = nameOf(item.id);
              return (
                <li key={item.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-2 text-sm text-slate-800">
                  <span className="min-w-0 flex-1 break-words">
                    {index + 1}. {name}
                  </span>
                  {index > 0 ? (
                    <label className="flex items-center gap-1 text-xs text-slate-700">
                      <input
                        type="checkbox"
                        className="h-4 w-4"
                        aria-label={t('admin.startsNewFileLabel', { name })}
                        checked={item.startsNewFile}
                        onChange={(event) => setChosen((current) => current.map((each) => (each.id === item.id ? { ...each, startsNewFile: event.target.checked } : each)))}
                      />
                      <span aria-hidden>{t('admin.startsNewFile')}</span>
                    </label>
                  ) : null}
                  <Button id={`filing-${item.id}-up`} variant="outline" size="icon" disabled={index === 0} aria-label={t('admin.moveUp', { name })} onClick={() => move(index, 'up')}>
                    <ArrowUp className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    id={`filing-${item.id}-down`}
                    variant="outline"
                    size="icon"
                    disabled={index === chosen.length - 1}
                    aria-label={t('admin.moveDown', { name })}
                    onClick={() => move(index, 'down')}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={chosen.length === 0} isBusy={build.isPending} busyLabel={t('admin.building')}>
          {t('admin.build')}
        </Button>
      </div>
    </form>
  );
}

type FiledValues = z.input<typeof filingPackFiledSchema>;

/** The registry's date and receipt number of a pack the firm has filed. */
function MarkFiledForm({ pack }: { pack: FilingPack }) {
  const { t } = useTranslation('filing-packs');
  const mark = useMarkPackFiled({ failureTitle: t('admin.markFailed'), successTitle: t('admin.marked') });
  const form = useForm<FiledValues, unknown, z.output<typeof filingPackFiledSchema>>({ resolver: zodResolver(filingPackFiledSchema), defaultValues: { filedOn: '', receiptNumber: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => mark.mutate({ id: pack.id, input }, { onError: (error) => applyServerIssues(error, form.setError) }));
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <FormField label={t('admin.filedOn')} isRequired error={errors.filedOn?.message}>
        <Input type="date" {...form.register('filedOn')} />
      </FormField>
      <FormField label={t('admin.receiptNumber')} isRequired error={errors.receiptNumber?.message}>
        <Input autoComplete="off" {...form.register('receiptNumber')} />
      </FormField>
      <Button type="submit" variant="outline" isBusy={mark.isPending} busyLabel={t('admin.marking')}>
        {t('admin.markFiled')}
      </Button>
    </form>
  );
}

/** The packs made so far, newest first: each file to download, and whether and when it was filed. */
function PackList({ packs, mayWrite }: { packs: FilingPack[]; mayWrite: boolean }) {
  const { t } = useTranslation('filing-packs');
  const adminDate = useAdminDate();
  const language = useLanguage();
  const megabytes = useMegabytes();
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-brand-900">{t('admin.packs')}</h3>
      <ul className="space-y-3">
        {packs.map((pack) => (
          <li key={pack.id} className="space-y-2 rounded-xl bg-white p-4 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200">
            <p className="font-medium">
              {pack.createdByName
                ? t('admin.packMadeBy', { date: adminDate(pack.createdAt), name: pack.createdByName })
                : t('admin.packMade', { date: adminDate(pack.createdAt) })}
            </p>
            <ul className="space-y-1">
              {pack.files.map((file) => (
                <li key={file.number} className="flex flex-wrap items-center gap-2">
                  <a
                    href={packFileUrl(pack.id, file.number)}
                    download={file.name}
                    aria-label={t('admin.download', { name: file.name })}
                    className="inline-flex items-center gap-1 text-brand-800 underline"
                  >
                    <Download className="h-4 w-4" aria-hidden />
                    {file.name}
                  </a>
                  <span className="text-slate-700">{t('admin.fileLine', { pages: file.pageCount, size: megabytes(file.sizeBytes) })}</span>
                </li>
              ))}
            </ul>
            <p className="text-slate-700">{t('admin.total', { size: megabytes(pack.totalBytes) })}</p>
            {pack.filedOn ? (
              <p className="font-medium text-emerald-800">{t('admin.filed', { date: formatLongDate(pack.filedOn, language), receipt: pack.receiptNumber ?? '' })}</p>
            ) : (
              <>
                <p className="text-slate-700">{t('admin.notFiled')}</p>
                {mayWrite ? <MarkFiledForm pack={pack} /> : null}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The owner's limits of the registry, in megabytes. */
function LimitsForm({ limits }: { limits: FilingLimits }) {
  const { t } = useTranslation('filing-packs');
  const save = useSaveFilingLimits({ failureTitle: t('admin.limitsFailed'), successTitle: t('admin.limitsSaved') });
  const [file, setFile] = useState(String(limits.maxFileBytes / megabyte));
  const [total, setTotal] = useState(String(limits.maxTotalBytes / megabyte));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ maxFileBytes: Math.round(Number(file) * megabyte), maxTotalBytes: Math.round(Number(total) * megabyte) });
  };
  return (
    <details className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <summary className="cursor-pointer text-sm font-semibold text-brand-900">{t('admin.limitsTitle')}</summary>
      <form noValidate onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <p className="text-xs text-slate-700 sm:col-span-3">{t('admin.limitsHint')}</p>
        <FormField label={t('admin.fileLimit')} isRequired>
          <Input type="number" inputMode="decimal" min={0.5} step={0.5} value={file} onChange={(event) => setFile(event.target.value)} />
        </FormField>
        <FormField label={t('admin.totalLimit')} isRequired>
          <Input type="number" inputMode="decimal" min={0.5} step={0.5} value={total} onChange={(event) => setTotal(event.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" isBusy={save.isPending} busyLabel={t('admin.savingLimits')}>
          {t('admin.saveLimits')}
        </Button>
      </form>
    </details>
  );
}

/**
 * The case page's "Expediente para presentar" (ADR 057): the accepted documents chosen and ordered,
 * the PDFs and the index the server builds within the registry's limits, each pack to download and
 * to mark filed with the registry's date and receipt.
 */
export function CaseFilingPackAdmin({ caseId }: { caseId: number }) {
  const { t } = useTranslation(['filing-packs', 'admin']);
  const section = useCaseFilingPacks(caseId);
  const mayWrite = useMayUse('POST /api/admin/cases/:id/filing-packs');
  const maySetLimits = useMayUse('PUT /api/admin/filing-limits');
  const megabytes = useMegabytes();
  return (
    <section aria-labelledby="case-filing-pack-title" className="space-y-3">
      <h2 id="case-filing-pack-title" className="text-lg font-semibold text-brand-900">
        {t('admin.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('admin.description')}</p>
      <QueryState query={section} loading={t('admin:table.loading')} className="text-sm">
        {({ documents, packs, limits }) => (
          <>
            <p className="text-sm text-slate-700">{t('admin.limits', { file: megabytes(limits.maxFileBytes), total: megabytes(limits.maxTotalBytes) })}</p>
            {documents.length === 0 ? <p className="text-sm text-slate-700">{t('admin.empty')}</p> : mayWrite ? <PackBuilder caseId={caseId} documents={documents} /> : null}
            {packs.length > 0 ? <PackList packs={packs} mayWrite={mayWrite} /> : null}
            {maySetLimits ? <LimitsForm key={`${limits.maxFileBytes}-${limits.maxTotalBytes}`} limits={limits} /> : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
