import { formWithoutScriptPath } from '#common/page/form-without-script.ts';
import { localizedPath } from '#common/site-addresses.ts';
import { useLanguage } from './use-language.ts';

/**
 * Where a public form goes when no script runs: posted to the page that says nothing was sent, in
 * the visitor's language, never a GET that puts their data in the address (ADR 034). With scripts
 * the form's own submit handler sends it.
 */
export function useFormWithoutScript(): { method: 'post'; action: string } {
  return { method: 'post', action: localizedPath(formWithoutScriptPath, useLanguage()) };
}
