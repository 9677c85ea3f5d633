// Linted as server/features/news/news.service.ts by scripts/lint-boundaries.test.ts: Drizzle in
// a service instead of the feature's repository. ESLint must refuse it.
import { eq } from 'drizzle-orm';

export const queriesDirectly = eq;
