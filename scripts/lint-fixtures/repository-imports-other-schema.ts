// Linted as server/features/news/news.repository.ts by scripts/lint-boundaries.test.ts: a
// repository reading its own table (accepted) and another feature's (refused).
import { news } from '#server/db/schema/news.ts';
import { cases } from '#server/db/schema/cases.ts';

export const tables = [news, cases];
