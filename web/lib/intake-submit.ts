import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast, type ToastOptions } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';

type ToastText = Pick<ToastOptions, 'title' | 'description'>;

type IntakeSubmitOptions<T extends FieldValues> = {
  send: (values: T) => Promise<unknown>;
  success: ToastText;
  /** The failure toast, once the server's per-field messages are on their fields (`onFields`). */
  failure: (error: unknown, onFields: boolean) => ToastText;
  /** Runs first; false stops the sending (the form has said why). */
  before?: (values: T) => boolean;
  /** After the success toast and the reset, for what the form keeps outside react-hook-form (files). */
  after?: () => void;
};

/**
 * The submit handler every public request form shares (docs/product/rules.md): valid values are sent, success
 * shows the form's toast and empties it, a refusal puts the server's messages on the fields and
 * shows the form's failure toast.
 */
export function intakeSubmitHandler<T extends FieldValues>(form: UseFormReturn<T>, options: IntakeSubmitOptions<T>) {
  return form.handleSubmit(async (values) => {
    if (options.before && !options.before(values)) return;
    try {
      await options.send(values);
      toast({ ...options.success, variant: 'success' });
      form.reset();
      options.after?.();
    } catch (error) {
      const onFields = applyServerIssues(error, form.setError);
      toast({ ...options.failure(error, onFields), variant: 'destructive' });
    }
  });
}
