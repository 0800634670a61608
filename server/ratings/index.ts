// The ratings module's public face: ratings after an order, and each user's aggregate. Others import ratings only
// through this file.
import type { ModuleDefinition } from '../module';
import { ratingsRoutes } from './ratings.routes';

export { commodityNamer, ratingsChanged } from './hooks';

export const ratingsModule: ModuleDefinition = {
  name: 'ratings',
  routes: [ratingsRoutes],
};
