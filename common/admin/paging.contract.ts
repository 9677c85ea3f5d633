import { z } from 'zod';

/** Admin tables show this many rows a page, newest first. */
export const adminPageSize = 50;

export const adminListQuerySchema = z.object({
  page: z.coerce.number('validation:invalid').int('validation:invalid').min(1, 'validation:invalid').max(100_000, 'validation:invalid').default(1),
  q: z
    .string()
    .trim()
    .max(100, 'validation:tooLong')
    .optional()
    .transform((value) => value || undefined),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const uuidParamsSchema = z.object({ id: z.uuid('validation:invalid') });
