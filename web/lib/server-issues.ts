import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/** Whether the server's refusal names fields (a contract's issues). */
export function hasFieldIssues(error: unknown): error is ApiError {
  return error instanceof ApiError && Boolean(error.body.issues?.length);
}

/**
 * Puts the server's per-field messages (already translated) on the form's fields.
 * Returns whether any field got one.
 */
export function applyServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!hasFieldIssues(error)) return false;
  for (const issue of error.body.issues ?? []) {
    setError(issue.path as Path<T>, { type: 'server', message: issue.message });
  }
  return true;
}
