// Price alerts: a user asks to be told when a market's price passes a figure; each crossing tells them once.
import { PRICE_ALERTS_MAX, type TPriceAlert } from '../../contract/commodity-kinds';
import type { Language } from '../../contract/constants';
import { centsToDecimal } from '../../contract/money';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { AppError, conflict } from '../http/errors';
import { notifyEach } from '../notifications';
import type { CatalogueSnapshot } from './catalogue';
import { marketModel } from './market-model';
import { marketPrices } from './market-price';
import {
  countAlertsOf,
  deleteAlert,
  deleteAlertsOn,
  listAlertsOf,
  marketTrades,
  moveAlerts,
  type PriceAlertRow,
  upsertAlert,
} from './price-alerts.repo';

/** A market's price now by the market price rule (market-price.ts), from its trades; null before its first. */
async function marketPriceNow(tx: Tx, key: string, now: Date): Promise<number | null> {
  return marketPrices(await marketTrades(tx, key)).at(now.getTime());
}

export function presentAlert(row: PriceAlertRow, catalogue: CatalogueSnapshot, lang: Language): TPriceAlert {
  return {
    id: row.id,
    commodityKey: row.marketKey,
    commodity: catalogue.nameOf(row.marketKey, lang, row.marketKey),
    price: centsToDecimal(row.thresholdCents),
    side: row.lastSide,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAlerts(ctx: AppContext, userId: number): Promise<PriceAlertRow[]> {
  return listAlertsOf(ctx.db, userId, PRICE_ALERTS_MAX);
}

/**
 * Sets an alert on a catalogue commodity (named in any language or spelling). It starts on the side the market
 * price stands on now, so it fires at the next crossing, not at once.
 */
export async function setAlert(
  ctx: AppContext,
  options: { userId: number; commodity: string; priceCents: number; now?: Date },
): Promise<PriceAlertRow> {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  const kind = catalogue.kindOf(options.commodity);
  if (kind === null) {
    throw new AppError(
      'notFound',
      'marketplace.catalogue.errors.unknownCommodity',
      { name: options.commodity },
      {},
      ['commodity'],
    );
  }
  return ctx.db.transaction(async (tx) => {
    if ((await countAlertsOf(tx, options.userId)) >= PRICE_ALERTS_MAX) {
      throw conflict('marketplace.alerts.tooMany', { max: PRICE_ALERTS_MAX });
    }
    const price = await marketPriceNow(tx, kind.key, options.now ?? new Date());
    return upsertAlert(tx, {
      userId: options.userId,
      marketKey: kind.key,
      thresholdCents: options.priceCents,
      lastSide: price === null ? null : price >= options.priceCents ? 'above' : 'below',
    });
  });
}

export async function removeAlert(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await deleteAlert(ctx.db, userId, id))) {
    throw new AppError('notFound', 'marketplace.alerts.notFound');
  }
}

/** Removes the user's alerts on a commodity named in any language; how many there were. */
export async function removeAlertsOn(ctx: AppContext, userId: number, commodity: string): Promise<number> {
  const kind = (await marketModel.of(ctx).catalogue.get()).kindOf(commodity);
  return kind === null ? 0 : deleteAlertsOn(ctx.db, userId, kind.key);
}

/**
 * After a trade (in its transaction): the market's new price moves its alerts, and each alert that crossed tells its
 * owner, in their language, once. An alert the market had no price for until now only learns its side.
 */
export async function checkPriceAlerts(ctx: AppContext, tx: Tx, key: string, now: Date): Promise<void> {
  const price = await marketPriceNow(tx, key, now);
  if (price === null) {
    return;
  }
  const crossed = (await moveAlerts(tx, key, price)).filter((alert) => alert.previous !== null);
  if (crossed.length === 0) {
    return;
  }
  // Alerts are on catalogue kinds: the kind's name, which each reader's text names in their language.
  const commodity = (await marketModel.of(ctx).catalogue.get()).byKey.get(key)?.nameEn ?? key;
  await notifyEach(
    tx,
    ctx,
    crossed.map((alert) => ({
      userId: alert.userId,
      type: 'price_alert' as const,
      data: {
        commodity,
        reason: alert.side === 'above' ? 'up' : 'down',
        price: centsToDecimal(price),
        threshold: centsToDecimal(alert.thresholdCents),
      },
      link: `/marketplace?market=${encodeURIComponent(key)}`,
    })),
  );
}
