import { z } from 'zod';
import { languages } from '#common/i18n/languages.ts';

/** Where the service worker finds the offline page of each language (ADR 059). */
export const offlinePagePath = '/offline/:language';

export const offlinePageParamsSchema = z.strictObject({ language: z.enum(languages) });
