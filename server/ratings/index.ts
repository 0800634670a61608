// The ratings module's public face: ratings after an order, and each user's aggregate. Others import ratings only
// through this file.
import type { ModuleDefinition } from '../module';
import { ratingsRoutes } from './ratings.routes';

export { commodityNamer, orderForRating, orderRecordOf, ratingsChanged } from './hooks';

export { NO_RATINGS, ratingSummaries } from './lookups';

export const ratingsModule: ModuleDefinition = {
  name: 'ratings',
  routes: [ratingsRoutes],
};
