// Linted as server/features/news/news.service.ts by scripts/lint-boundaries.test.ts: a feature
// reaching into another feature's repository. ESLint must refuse it.
import { findCaseWithTitle } from '#server/features/cases/cases.repository.ts';

export const reachesIn = findCaseWithTitle;
