// The farms module's public face: farms and their members, sensors, surveys, devices and analytics. Others import
// farms only through this file.
import type { ModuleDefinition } from '../module';
import { installFarmAccess } from './farm-access';
import { farmDataRoutes } from './farm-data.routes';
import { farmsRoutes } from './farms.routes';

export { farmCreated } from './hooks';

export const farmsModule: ModuleDefinition = {
  name: 'farms',
  install: installFarmAccess,
  routes: [farmDataRoutes, farmsRoutes],
};
