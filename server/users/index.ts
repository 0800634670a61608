// The users module's public face: profiles, the directory, saved searches, achievements and the caller's phone.
// Others import users only through this file.
import type { ModuleDefinition } from '../module';
import { phoneRoutes } from './phone.routes';
import { profileRoutes, savedSearchesRoutes, usersRoutes } from './users.routes';

export { awardAchievement, heldAchievements } from './achievements';
export { commodityKindOf, farmerSalesCents } from './hooks';
export { checkPin, pinState } from './pin.service';
export { assignSavedSearchKinds, type SavedSearchMatch, savedSearchesMatching } from './saved-search-matches';

export const usersModule: ModuleDefinition = {
  name: 'users',
  routes: [usersRoutes, profileRoutes, savedSearchesRoutes, phoneRoutes],
};
