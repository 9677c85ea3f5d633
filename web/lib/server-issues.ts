import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/**
 * Puts the server's per-field messages (already translated) on the form's fields.
 * Returns whether any field got one, so the caller shows a toast only for the rest.
 */
export function applyServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError) || !error.body.issues?.length) return false;
  for (const issue of error.body.issues) {
    setError(issue.path as Path<T>, { type: 'server', message: issue.message });
  }
  return true;
}
