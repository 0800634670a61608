// The ALERT command (fr ALERTE) by SMS and WhatsApp: list, set or remove one's price alerts, answered at once.

import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { translate } from '../http/i18n';
import { listAlerts, marketModel, presentAlert, removeAlertsOn, setAlert } from '../marketplace';
import { readerName } from './commodity-names';
import { money, price, say } from './phone-text';
import { parsePrice } from './phone-writes';

/**
 * An alert is the user's own setting (like STOP), not a trade: it is set at once, without the PIN. The reply says
 * what was done, or why not, in the user's language.
 */
export async function answerAlert(
  ctx: AppContext,
  user: SessionUser,
  command: { commodity: string | null; price: string | null; off: boolean },
): Promise<string> {
  const lang = user.language;
  if (command.commodity === null) {
    const catalogue = await marketModel.of(ctx).catalogue.get();
    const alerts = (await listAlerts(ctx, user.id)).map((row) => presentAlert(row, catalogue, lang));
    return alerts.length === 0
      ? say(lang, 'alert.none')
      : alerts
          .map((a) => say(lang, 'alert.line', { name: a.commodity, price: price(lang, a.price) }))
          .join('\n');
  }
  const name = await readerName(ctx, lang, command.commodity);
  if (command.off) {
    const removed = await removeAlertsOn(ctx, user.id, command.commodity);
    return say(lang, removed > 0 ? 'alert.removed' : 'alert.noneOn', { name });
  }
  const priceCents = command.price === null ? null : parsePrice(command.price);
  if (priceCents === null || priceCents <= 0) {
    return say(lang, 'invalid.price');
  }
  try {
    const row = await setAlert(ctx, { userId: user.id, commodity: command.commodity, priceCents });
    return say(lang, 'alert.set', { name, price: money(lang, row.thresholdCents) });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return translate(lang, error.key, error.params);
    }
    throw error;
  }
}
