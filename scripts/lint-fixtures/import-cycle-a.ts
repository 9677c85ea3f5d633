// Linted where it stands by scripts/lint-boundaries.test.ts: it imports import-cycle-b.ts, which
// imports it back. ESLint must refuse the cycle.
import { b } from './import-cycle-b.ts';

export const a = () => b;
