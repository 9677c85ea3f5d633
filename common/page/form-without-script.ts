/**
 * Where a public form posts when no script runs (scripts off, or a browser that cannot run them):
 * a page that says nothing was sent, never a GET that would put the person's data in the address,
 * the history and the request log (ADR 034). With scripts, the page holds the submit until the
 * form answers, and the form sends it to the API.
 */
export const formWithoutScriptPath = '/formulario-sin-javascript';
