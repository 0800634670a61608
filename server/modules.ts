// Every module of the server, lower first: a module may use those before it (directly, through their `index.ts`)
// and reaches those after it only through hooks it declares. A new module is one line here (see the README).
import { agentsModule } from './agents';
import { agreementsModule } from './agreements';
import { authModule } from './auth';
import { calendarModule } from './calendar';
import { cropsModule } from './crops';
import { dashboardModule } from './dashboard';
import { farmsModule } from './farms';
import { financeModule } from './finance';
import { groupsModule } from './groups';
import { lessonsModule } from './lessons';
import { marketplaceModule } from './marketplace';
import type { ModuleDefinition } from './module';
import { networkModule } from './network';
import { notificationsModule } from './notifications';
import { ordersModule } from './orders';
import { paymentsModule } from './payments';
import { phoneModule } from './phone';
import { photosModule } from './photos';
import { ratingsModule } from './ratings';
import { stockModule } from './stock';
import { usersModule } from './users';
import { weatherModule } from './weather';

export const MODULES: readonly ModuleDefinition[] = [
  authModule,
  notificationsModule,
  usersModule,
  photosModule,
  ratingsModule,
  farmsModule,
  agentsModule,
  stockModule,
  marketplaceModule,
  financeModule,
  paymentsModule,
  ordersModule,
  cropsModule,
  networkModule,
  groupsModule,
  agreementsModule,
  weatherModule,
  lessonsModule,
  calendarModule,
  dashboardModule,
  phoneModule,
];
