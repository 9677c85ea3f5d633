/** The address of the folder of the site's catalogs, `<address>/<language>/<namespace>.json` (vite.config.ts, catalogs). */
declare module 'virtual:catalogs' {
  export const catalogsUrl: string;
}
