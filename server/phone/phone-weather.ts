// The weather by phone, shared by the SMS/WhatsApp command (WEATHER, fr METEO / MÉTÉO) and the USSD Farm menu: a
// farm's next days and its most urgent alert, from the weather module's own view of the farm (the page's).
import type { Language } from '../../contract/constants';
import { representedFarmerIds } from '../agents';
import type { AppContext } from '../context';
import { farmsReachedBy } from '../farms';
import type { SessionUser } from '../http/access';
import { alertInWords, farmWeatherAt, weatherFarm } from '../weather';
import { commandWords } from './commands';
import { fitsOneSms, oneSms } from './phone-coop-text';
import { say } from './phone-text';
import { phoneWeatherText } from './phone-weather-text';

type FarmName = { id: number; name: string };

/**
 * The farms the caller works on, as TASKS counts them (a farmer's own and those they are a member of; an agent's
 * farmers' too), first by id.
 */
async function farmsOf(ctx: AppContext, user: SessionUser): Promise<FarmName[]> {
  const owners = user.role === 'agent' ? await representedFarmerIds(ctx.db, user.id) : [];
  return farmsReachedBy(ctx.db, user.id, owners);
}

const folded = (name: string) => commandWords(name).join(' ');

/** The farm named (the same name, else one whose name starts with it, else contains it), accents and case aside. */
function farmNamed(farms: readonly FarmName[], name: string): FarmName | null {
  const wanted = folded(name);
  const names = farms.map((farm) => ({ farm, name: folded(farm.name) }));
  const found =
    names.find((f) => f.name === wanted) ??
    names.find((f) => f.name.startsWith(wanted)) ??
    names.find((f) => f.name.includes(wanted));
  return found?.farm ?? null;
}

/** The farm's weather now, in `lang`, as one text that `fits`. */
async function farmText(
  ctx: AppContext,
  lang: Language,
  farm: { id: number; name: string | null },
  fits: (text: string) => boolean,
): Promise<string> {
  const weather = await weatherFarm(ctx.db, farm.id);
  if (weather === null) {
    return say(lang, 'weather.noFarm');
  }
  const { view, utcOffsetSeconds } = await farmWeatherAt(ctx, weather);
  const [first] = view.alerts;
  const alert = first ? await alertInWords(ctx, lang, first, utcOffsetSeconds) : null;
  return phoneWeatherText({ lang, view, farm: farm.name, alert, utcOffsetSeconds, fits });
}

/**
 * The weather of the farm named (`WEATHER Ferme Nord`), else of the caller's first farm, as one text that `fits`;
 * the farm is named in it when the caller has several.
 */
export async function weatherText(
  ctx: AppContext,
  user: SessionUser,
  name: string | null,
  fits: (text: string) => boolean,
): Promise<string> {
  const lang = user.language;
  const farms = await farmsOf(ctx, user);
  const [first] = farms;
  if (!first) {
    return say(lang, 'weather.noFarm');
  }
  const farm = name === null ? first : farmNamed(farms, name);
  if (farm === null) {
    return say(lang, 'weather.notFound', { name: name ?? '', farms: farms.map((f) => f.name).join(', ') });
  }
  return farmText(ctx, lang, { id: farm.id, name: farms.length > 1 ? farm.name : null }, fits);
}

/** WEATHER / METEO: the farm's weather in one SMS. */
export async function weatherReply(ctx: AppContext, user: SessionUser, name: string | null): Promise<string> {
  return oneSms(await weatherText(ctx, user, name, fitsOneSms));
}
