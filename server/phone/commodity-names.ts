// Commodity names on a phone: what the user typed (any language, spelling, case or accent) read through the
// catalogue, and names shown in the user's language.
import { resolveKind } from '../../contract/commodity-kinds';
import type { Language } from '../../contract/constants';
import type { TMarketSummaryItem } from '../../contract/marketplace';
import type { AppContext } from '../context';
import { kindName, marketModel } from '../marketplace';
import { commandWords } from './commands';

/** The markets a PRICE asks for: a catalogue kind's market when the words name one, else markets whose name holds them. */
export async function marketsAsked(
  ctx: AppContext,
  items: readonly TMarketSummaryItem[],
  asked: string | null,
): Promise<TMarketSummaryItem[]> {
  if (asked === null) {
    return [...items];
  }
  const catalogue = await marketModel.of(ctx).catalogue.get();
  const kind = resolveKind(catalogue.index, asked);
  if (kind === null) {
    const wanted = commandWords(asked).join(' ');
    return items.filter((item) => commandWords(item.name).join(' ').includes(wanted));
  }
  // Summary items of a kind's market carry its name in the reader's language, which resolves back to the kind.
  return items.filter((item) => resolveKind(catalogue.index, item.name) === kind);
}

/**
 * A commodity as the phone's reader names it: its kind's name in their language, else as typed (the one naming
 * notifications use too, `CatalogueSnapshot.readerName`).
 */
export async function readerName(ctx: AppContext, lang: Language, typed: string): Promise<string> {
  return (await marketModel.of(ctx).catalogue.get()).readerName(lang, typed);
}

/** The USSD Sell menu: one entry per catalogue kind, named in the user's language, in alphabetical order. */
export async function sellMenuNames(ctx: AppContext, lang: Language): Promise<string[]> {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return catalogue.kinds.map((kind) => kindName(kind, lang)).sort((a, b) => a.localeCompare(b, lang));
}

/** The market a name picked or typed on a phone belongs to. */
export async function marketOfName(ctx: AppContext, name: string): Promise<string> {
  return (await marketModel.of(ctx).catalogue.get()).marketOf(name);
}
