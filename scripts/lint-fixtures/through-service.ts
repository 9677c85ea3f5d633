// Linted as server/features/payments/payments.service.ts and as
// server/features/news/news.repository.ts by scripts/lint-boundaries.test.ts: what the
// boundaries allow (another feature's service; Drizzle in a repository). ESLint must accept it.
import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/platform/audit/audit.service.ts';

export const allowed = [eq, recordAudit];
