// Linted by scripts/lint-boundaries.test.ts as a file of another web feature (refused), of the
// shared web/components or web/lib (refused), and of web/app (accepted: the app composes features).
import { useCases } from '#web/features/cases/api/cases.queries.ts';

export const reachesIn = useCases;
