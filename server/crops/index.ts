// The crops module's public face: a farm's plots, its crop plans with their calendar and tasks, the inputs and
// harvests recorded against them, and each plan's money. Others import crops only through this file.
import { analysisStored, farmPlanted, farmResizing } from '../farms';
import type { ModuleDefinition } from '../module';
import { sprayOnBlightRisk } from './blight-spray';
import { planRoutes, plansRoutes, plotsRoutes } from './crops.routes';
import { fillMissingCalendars, plantNewFarm } from './plans.service';
import { assertFarmHoldsPlots } from './plots.service';
import { taskReminders } from './task-reminders';
import { recordsRoutes, tasksRoutes } from './tasks.routes';

export { planOutlook, planToLink } from './agreement-plan';
export { type PhoneTask, phoneHarvest, phonePlan, phoneTaskDone, phoneWeekTasks } from './by-phone';
export { taskLabel } from './task-label';
export { openPlansOf, sprayDuePlans, type WeatherPlan } from './weather-plans';

export const cropsModule: ModuleDefinition = {
  name: 'crops',
  routes: [plotsRoutes, plansRoutes, planRoutes, tasksRoutes, recordsRoutes],
  fills: [
    farmPlanted.fill(plantNewFarm),
    analysisStored.fill(sprayOnBlightRisk),
    farmResizing.fill(assertFarmHoldsPlots),
  ],
  start: (ctx) => {
    // Plans carried over from farms' single crop get their calendar once; a failure is logged and retried at the
    // next start (nothing else waits on it).
    fillMissingCalendars(ctx).catch((error: unknown) => console.error('crop calendars not filled', error));
    taskReminders.of(ctx).start();
  },
  stop: (ctx) => taskReminders.of(ctx).stop(),
};
