// Linted as server/platform/static.ts by scripts/lint-boundaries.test.ts: the platform reaching up
// into a feature, by its alias and by a relative path. ESLint must refuse both.
import { latestNews } from '#server/features/news/news.service.ts';
import { serviceCatalogue } from '../features/services/services.service.ts';

export const reachesUp = [latestNews, serviceCatalogue];
