// Linted as server/features/news/news.service.ts (refused) and as server/config/env.ts (accepted)
// by scripts/lint-boundaries.test.ts: configuration read from the environment.
export const port = process.env.PORT;
