// When a movement happened: typed on the day or later, never ahead of today (UTC, as the books' days).
import { AppError } from '../http/errors';

export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The day a movement happened: today when not given; a day ahead of today is refused. */
export function checkHappenedOn(date: string | undefined): string {
  const today = todayUtc();
  if (date === undefined) {
    return today;
  }
  if (date > today) {
    throw new AppError('badRequest', 'stock.errors.futureDate', {}, {}, ['date']);
  }
  return date;
}
