import type { z } from 'zod';

/** The data of a stream event, if it is what `schema` expects; anything else is ignored. */
export function parseEventData<S extends z.ZodType>(schema: S, data: string): z.infer<S> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
