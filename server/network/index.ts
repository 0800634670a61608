// The network module's public face: posts, comments, reactions and connections. Others import the network only
// through this file.
import type { ModuleDefinition } from '../module';
import { commentsRoutes, connectionsRoutes, networkRoutes } from './network.routes';

export const networkModule: ModuleDefinition = {
  name: 'network',
  routes: [networkRoutes, commentsRoutes, connectionsRoutes],
};
