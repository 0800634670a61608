// The orders module's public face: orders from accepted bids, their payments, delivery, disputes and refunds.
// Others import orders only through this file.
import type { ModuleDefinition } from '../module';
import { ordersRoutes } from './orders.routes';

export const ordersModule: ModuleDefinition = {
  name: 'orders',
  routes: [ordersRoutes],
};
