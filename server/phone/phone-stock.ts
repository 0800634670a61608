// Stock by phone, shared by the SMS/WhatsApp commands and the USSD Stock menu: the caller's lots with their free tons
// (STOCK), a loss on one of them by the lot's number (LOSS 7 0.2 pests, echoed for the PIN and done through the
// stock module's own service and keeper checks), and a deposit receipt checked by its code (RECEIPT <code>).
import type { Language } from '../../contract/constants';
import { ZTonsKg } from '../../contract/marketplace';
import { type LossReason, ZReceiptCodeParams } from '../../contract/stock';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { marketModel } from '../marketplace';
import { type PhoneLot, phoneLoss, phoneLot, phoneLots, phoneReceipt, receiptAnswer } from '../stock';
import { PHONE_LIST_MAX } from './phone-reads';
import { refusalText, say, tons } from './phone-text';

/** A loss asked by phone, kept (as JSON) until the PIN confirms it. */
export type StockWrite = {
  kind: 'loss';
  lotId: number;
  quantityKg: number;
  reason: LossReason;
  note: string | null;
};

type Checked = { write: StockWrite; error: null } | { write: null; error: string };
type Described = { summary: string; refusal: null } | { summary: null; refusal: string };

/** The words a loss's reason takes, in both languages, as commands compare them (lower case, accents folded). */
export const REASON_WORDS: Readonly<Record<string, LossReason>> = {
  moisture: 'moisture',
  damp: 'moisture',
  wet: 'moisture',
  humidite: 'moisture',
  pests: 'pests',
  pest: 'pests',
  insects: 'pests',
  weevils: 'pests',
  ravageurs: 'pests',
  ravageur: 'pests',
  insectes: 'pests',
  charancons: 'pests',
  rodents: 'rodents',
  rats: 'rodents',
  mice: 'rodents',
  rongeurs: 'rodents',
  souris: 'rodents',
  mould: 'mould',
  mold: 'mould',
  moisissure: 'mould',
  moisissures: 'mould',
  theft: 'theft',
  stolen: 'theft',
  vol: 'theft',
  spillage: 'spillage',
  spilled: 'spillage',
  spilt: 'spillage',
  renverse: 'spillage',
  deversement: 'spillage',
  other: 'other',
  autre: 'other',
};

/** A lot's name on a phone: its crop in the reader's language, and its grade when it has one. */
async function lotNames(ctx: AppContext, lang: Language) {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return (lot: PhoneLot, gradeKey: string) => ({
    crop: catalogue.readerName(lang, lot.crop),
    grade: lot.grade === null ? '' : say(lang, gradeKey, { grade: lot.grade }),
  });
}

/** STOCK: the caller's lots that hold something, newest first, with their free tons and store. */
export async function stockLines(ctx: AppContext, user: SessionUser): Promise<string[]> {
  const lang = user.language;
  const { lots, more } = await phoneLots(ctx, user, PHONE_LIST_MAX);
  if (lots.length === 0) {
    return [say(lang, 'stock.none')];
  }
  const names = await lotNames(ctx, lang);
  const lines = lots.map((lot) => {
    const listedKg = lot.quantityKg - lot.freeKg;
    return say(lang, lot.owner.id === user.id ? 'stock.line' : 'stock.lineOf', {
      id: lot.id,
      owner: lot.owner.username,
      ...names(lot, 'stock.grade'),
      free: tons(lang, lot.freeKg),
      listed: listedKg > 0 ? say(lang, 'stock.listed', { tons: tons(lang, listedKg) }) : '',
      store: lot.store,
    });
  });
  return [...lines, ...(more ? [say(lang, 'stock.more')] : []), say(lang, 'stock.footer')];
}

/** Tons lost as typed (a decimal comma allowed) → kg, by the contract's rule (> 0); or null. */
export function lossTons(text: string): number | null {
  const read = ZTonsKg.safeParse(text.trim().replace(',', '.'));
  return read.success ? read.data : null;
}

/** LOSS <lot> <tons> <reason> [note] as typed, checked: a reason a loss takes, the tons the API's. */
export function lossWrite(
  lang: Language,
  input: { lot: string; tons: string; reason: string; note: string | null },
): Checked {
  const reason = Object.hasOwn(REASON_WORDS, input.reason) ? REASON_WORDS[input.reason] : undefined;
  if (reason === undefined) {
    return { write: null, error: say(lang, 'stock.badReason', { reason: input.reason }) };
  }
  const lotId = Number(input.lot);
  if (!Number.isSafeInteger(lotId) || lotId <= 0 || lotId > 2_147_483_647) {
    return { write: null, error: say(lang, 'invalid.number') };
  }
  const quantityKg = lossTons(input.tons);
  if (quantityKg === null) {
    return { write: null, error: say(lang, 'stock.quantity') };
  }
  const note = input.note === null ? null : input.note.slice(0, 500);
  return { write: { kind: 'loss', lotId, quantityKg, reason, note }, error: null };
}

/** Why a loss of `kg` cannot come out of the lot as it is now (more than is free), or null when it can. */
function pastFreeRefusal(lang: Language, lot: PhoneLot, kg: number): string | null {
  if (kg <= lot.freeKg) {
    return null;
  }
  if (lot.freeKg <= 0) {
    return say(lang, 'stock.nothingFree', { id: lot.id });
  }
  return lot.freeKg < lot.quantityKg
    ? say(lang, 'stock.pastFree', {
        id: lot.id,
        free: tons(lang, lot.freeKg),
        reserved: tons(lang, lot.quantityKg - lot.freeKg),
      })
    : say(lang, 'stock.belowZero', { id: lot.id, available: tons(lang, lot.quantityKg) });
}

/** What the loss will record, in a line the user confirms; or why it cannot be, before the PIN is asked. */
export async function describeStockWrite(
  ctx: AppContext,
  user: SessionUser,
  write: StockWrite,
): Promise<Described> {
  const lang = user.language;
  const found = await phoneLot(ctx, user, write.lotId);
  if (found === null) {
    return { summary: null, refusal: say(lang, 'stock.notFound', { id: write.lotId }) };
  }
  if (!found.keeps) {
    return {
      summary: null,
      refusal: say(lang, 'stock.notKeeper', { id: write.lotId, store: found.lot.store }),
    };
  }
  const refusal = pastFreeRefusal(lang, found.lot, write.quantityKg);
  if (refusal !== null) {
    return { summary: null, refusal };
  }
  return {
    summary: say(lang, 'summary.loss', {
      id: found.lot.id,
      ...(await lotNames(ctx, lang))(found.lot, 'stock.grade'),
      store: found.lot.store,
      tons: tons(lang, write.quantityKg),
      reason: say(lang, `stock.reasons.${write.reason}`),
    }),
    refusal: null,
  };
}

/** The stock service's refusals in the phone's words (the lot's number is the one the user typed). */
async function stockRefusal(ctx: AppContext, user: SessionUser, error: unknown, write: StockWrite) {
  const lang = user.language;
  if (error instanceof AppError) {
    switch (error.key) {
      case 'stock.errors.lotNotFound':
        return say(lang, 'stock.notFound', { id: write.lotId });
      case 'stock.errors.notKeeper':
        return say(lang, 'stock.notKeeper', {
          id: write.lotId,
          store: (await phoneLot(ctx, user, write.lotId))?.lot.store ?? '',
        });
      case 'stock.errors.belowZero':
      case 'stock.errors.pastFree': {
        // Taken meanwhile (a sale, another loss): said from the lot as it is now.
        const found = await phoneLot(ctx, user, write.lotId);
        const refusal = found && pastFreeRefusal(lang, found.lot, write.quantityKg);
        if (refusal) {
          return refusal;
        }
      }
    }
  }
  return refusalText(lang, error);
}

/** Records the loss through the stock module; the answer (done, or why not) in the user's words. */
export async function runStockWrite(ctx: AppContext, user: SessionUser, write: StockWrite): Promise<string> {
  const lang = user.language;
  try {
    const lot = await phoneLoss(ctx, user, write);
    return say(lang, 'done.loss', {
      id: lot.id,
      tons: tons(lang, write.quantityKg),
      reason: say(lang, `stock.reasons.${write.reason}`),
      free: tons(lang, lot.freeKg),
    });
  } catch (error) {
    return stockRefusal(ctx, user, error, write);
  }
}

/**
 * RECEIPT <code>: the receipt in one SMS, to anyone (a number with no account too), each look-up counted against the
 * caller's number; a code that cannot be one is "not found" like any other wrong code.
 */
export async function receiptReply(
  ctx: AppContext,
  lang: Language,
  code: string,
  from: string,
): Promise<string> {
  const parsed = ZReceiptCodeParams.safeParse({ code });
  try {
    const receipt = await phoneReceipt(
      ctx,
      parsed.success ? parsed.data.code : code.slice(0, 40),
      `phone:${from}`,
    );
    if (receipt === null) {
      return receiptAnswer(lang, null);
    }
    // The crop as the reader names it (Maïs, not the maize typed at the store).
    const catalogue = await marketModel.of(ctx).catalogue.get();
    return receiptAnswer(lang, { ...receipt, crop: catalogue.readerName(lang, receipt.crop) });
  } catch (error) {
    if (error instanceof AppError && error.code === 'rateLimited') {
      return say(lang, 'receipt.tooMany', { seconds: error.params.seconds ?? 60 });
    }
    throw error;
  }
}
