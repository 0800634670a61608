// The dashboard module's public face: the cross-module read model behind each role's dashboard.
import type { ModuleDefinition } from '../module';
import { dashboardRoutes } from './dashboard.routes';

export const dashboardModule: ModuleDefinition = {
  name: 'dashboard',
  routes: [dashboardRoutes],
};
