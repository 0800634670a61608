// A farm's weather message: after each refresh, the most urgent alert that holds and was never sent goes to the
// farm's owner, at most one a day per farm. Both limits live in the database (weather_alerts' unique keys), so
// refreshes and instances racing send it once; the notification follows the owner's channels and quiet hours.
import type { TWeatherAlert } from '../../contract/weather';
import type { AppContext } from '../context';
import { notify } from '../notifications';
import { alertInWords } from './alert-text';
import { alertSent, recordAlert, type WeatherFarm, weatherFarm } from './weather.repo';
import { farmWeatherAt, localToday } from './weather.service';

/** Sends the farm's weather alert if one is due; answers whether one was sent. */
export async function sendWeatherAlerts(ctx: AppContext, farmId: number, now = new Date()): Promise<boolean> {
  const farm = await weatherFarm(ctx.db, farmId);
  return farm !== null && sendFarmAlert(ctx, farm, now);
}

/** The same for a farm already read (the worker has its cell's farms). */
export async function sendFarmAlert(ctx: AppContext, farm: WeatherFarm, now = new Date()): Promise<boolean> {
  const { view, utcOffsetSeconds } = await farmWeatherAt(ctx, farm, now);
  for (const alert of view.alerts) {
    if (!(await alertSent(ctx.db, farm.id, alert))) {
      return sendOne(ctx, farm, alert, utcOffsetSeconds, now);
    }
  }
  return false;
}

async function sendOne(
  ctx: AppContext,
  farm: WeatherFarm,
  alert: TWeatherAlert,
  utcOffsetSeconds: number,
  now: Date,
): Promise<boolean> {
  const { title, body } = await alertInWords(ctx, farm.language, alert, utcOffsetSeconds);
  return ctx.db.transaction(async (tx) => {
    const id = await recordAlert(tx, farm.id, localToday(utcOffsetSeconds, now), alert);
    if (id === null) {
      return false;
    }
    await notify(tx, ctx, [farm.ownerId], {
      type: 'weather_alert',
      data: { farm: farm.name, title, body, reason: alert.kind },
      link: `/farms?farm=${farm.id}`,
    });
    return true;
  });
}
