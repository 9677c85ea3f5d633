import { FileText, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { acceptAttribute, fileProblem, type UploadRule } from '#common/intake/uploads.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

type FilePickerProps = {
  label: string;
  hint: string;
  rule: UploadRule;
  files: File[];
  onChange: (files: File[]) => void;
  /** A message key or a translated text, such as the server's answer. */
  error?: string;
  /** The catalog of the remove-button label (`files.remove`) and the list title (`files.selected`). */
  namespace: string;
};

/**
 * A file input that keeps the chosen files outside the form values, checks each one against the
 * upload rule (name, type, size, count) and lists them with a remove button.
 */
export function FilePicker({ label, hint, rule, files, onChange, error, namespace }: FilePickerProps) {
  const { t } = useTranslation(namespace);
  const listId = useId();
  const [problem, setProblem] = useState<string | undefined>();
  // A new key clears the native input, so the same file can be chosen again after a removal or a reset.
  const [inputKey, setInputKey] = useState(0);
  const isMultiple = rule.maxFiles > 1;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    const next = isMultiple ? [...files, ...chosen] : chosen.slice(0, 1);
    const refused = chosen.map((file) => fileProblem(file, rule)).find(Boolean);
    const tooMany = next.length > rule.maxFiles ? rule.messages.tooMany : undefined;
    setProblem(refused ?? tooMany);
    setInputKey((key) => key + 1);
    if (!refused && !tooMany) onChange(next);
  }

  function remove(index: number) {
    setProblem(undefined);
    onChange(files.filter((_, i) => i !== index));
  }

  return (
    <div className="space-y-2">
      <FormField label={label} hint={hint} error={problem ?? error}>
        <input
          key={`${inputKey}-${files.length === 0 ? 'empty' : 'chosen'}`}
          type="file"
          multiple={isMultiple}
          accept={acceptAttribute(rule)}
          onChange={choose}
          className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
      </FormField>
      {files.length > 0 ? (
        <div>
          <p id={listId} className="sr-only">
            {t('files.selected')}
          </p>
          <ul aria-labelledby={listId} className="space-y-1">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <FileText className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                  <span className="truncate">{file.name}</span>
                </span>
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={t('files.remove', { name: file.name })}
                  className="rounded p-1 text-slate-600 hover:text-slate-900"
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
