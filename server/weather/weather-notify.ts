// A farm's weather message: after each refresh, the most urgent alert that holds and was never sent goes to the
// farm's owner, at most one a day per farm. Both limits live in the database (weather_alerts' unique keys), so
// refreshes and instances racing send it once; the notification follows the owner's channels and quiet hours.
import type { AppContext } from '../context';
import { marketModel } from '../marketplace';
import { notify } from '../notifications';
import { alertTexts } from './alert-text';
import { alertSent, cellOfFarm, recordAlert, type WeatherFarm, weatherFarm } from './weather.repo';
import { farmWeather, localToday } from './weather.service';

/** Sends the farm's weather alert if one is due; answers whether one was sent. */
export async function sendWeatherAlerts(ctx: AppContext, farmId: number, now = new Date()): Promise<boolean> {
  const farm = await weatherFarm(ctx.db, farmId);
  if (!farm) {
    return false;
  }
  const view = await farmWeather(ctx, farm, now);
  for (const alert of view.alerts) {
    if (!(await alertSent(ctx.db, farm.id, alert))) {
      return sendOne(ctx, farm, alert, now);
    }
  }
  return false;
}

async function sendOne(
  ctx: AppContext,
  farm: WeatherFarm,
  alert: Awaited<ReturnType<typeof farmWeather>>['alerts'][number],
  now: Date,
): Promise<boolean> {
  const cell = await cellOfFarm(ctx.db, farm.id);
  const offset = cell?.utcOffsetSeconds ?? 0;
  const catalogue = await marketModel.of(ctx).catalogue.get();
  const crop = alert.crop === null ? null : catalogue.readerName(farm.language, alert.crop);
  const { title, body } = alertTexts(farm.language, alert, { crop }, offset);
  return ctx.db.transaction(async (tx) => {
    const id = await recordAlert(tx, farm.id, localToday(offset, now), alert);
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
