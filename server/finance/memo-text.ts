// Memos the system writes in the ledger, kept as a catalogue key and its data so each reader reads them in their
// own language; entries from before keys existed keep their stored English text.
import type { Language } from '../../contract/constants';
import { catalogueText } from '../http/i18n';

/** A memo's data: names and amounts; a value under a name ending in `Key` is itself a catalogue key. */
export type MemoData = Record<string, string | number>;

/** A system memo: `key` under finance.memos, with its data. */
export interface MemoNote {
  readonly key: string;
  readonly data: MemoData;
}

/** The memo as `lang` reads it: the keyed text when there is one, else the stored text, else null. */
export function memoText(
  lang: Language,
  row: { memo: string | null; memoKey: string | null; memoData: MemoData | null },
): string | null {
  if (row.memoKey === null) {
    return row.memo;
  }
  const template = catalogueText(lang, `finance.memos.${row.memoKey}`);
  if (template === undefined) {
    return row.memo;
  }
  const data = row.memoData ?? {};
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = data[name];
    if (value === undefined) {
      return '';
    }
    return typeof value === 'string' && name.endsWith('Key')
      ? (catalogueText(lang, value) ?? value.slice(value.lastIndexOf('.') + 1))
      : String(value);
  });
}
