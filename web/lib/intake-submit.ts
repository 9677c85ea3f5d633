import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast, type ToastOptions } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';

type IntakeSubmitOptions<T extends FieldValues> = {
  /** Sends the values through a mutation whose meta says how its failure is told (web/lib/failures.ts). */
  send: (values: T) => Promise<unknown>;
  success: Pick<ToastOptions, 'title' | 'description'>;
  /** After a refusal, once the server's per-field messages are on their fields (`onFields`), for what the form shows itself. */
  onFailure?: (error: unknown, onFields: boolean) => void;
  /** Runs first; false stops the sending (the form has said why). */
  before?: (values: T) => boolean;
  /** After the success toast and the reset, for what the form keeps outside react-hook-form (files). */
  after?: () => void;
};

/**
 * The submit handler every public request form shares (docs/product/rules.md): valid values are sent, success
 * shows the form's toast and empties it, a refusal puts the server's messages on the fields (the
 * failure toast is the mutation's, web/lib/failures.ts).
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
      options.onFailure?.(error, onFields);
    }
  });
}
