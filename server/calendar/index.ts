// The calendar module's public face: events people meet at (trainings, field days, market and collection days,
// co-operative meetings, fairs, buyers' visits), public or for a group's members, with answers by app, SMS and USSD,
// check-ins, minutes, reminders, .ics and feeds for phone calendars. It fills the groups hook naming a
// co-operative's collection day on its intake screen. Others import calendar only through this file.
import { collectionDayOf } from '../groups';
import type { ModuleDefinition } from '../module';
import { calendarRoutes } from './calendar.routes';
import { collectionDayOn } from './collection-day';
import { eventReminders } from './reminders';

export { answerByPhone, openInvitationOf, type PhoneEvent, phoneEvents } from './by-phone';
export {
  groupByName as demoGroup,
  lessonIdsBySlugs as demoLessonIds,
} from './calendar.repo';
export { type DemoEvent, recordDemoEvent } from './demo-events';
export { eventWhen } from './event-text';

export const calendarModule: ModuleDefinition = {
  name: 'calendar',
  routes: [calendarRoutes],
  fills: [collectionDayOf.fill(collectionDayOn)],
  start: (ctx) => eventReminders.of(ctx).start(),
  stop: (ctx) => eventReminders.of(ctx).stop(),
};
