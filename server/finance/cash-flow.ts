// Cash-flow statement: movements of cash, mobile money and bank, classified by the account on the other side.
import { addCents } from '../../contract/money';
import { type CashFlowClass, cashFlowClass, isCashAccount } from './accounts';
import { assertDateRange, type DateRange } from './periods';
import { assertBalanced, type JournalEntry } from './posting';

export interface CashFlowStatement {
  readonly operating: number;
  readonly investing: number;
  readonly financing: number;
  /** operating + investing + financing, which always equals closingCash − openingCash. */
  readonly netChange: number;
  /** Cash + mobile money + bank at the end of the day before startDate. */
  readonly openingCash: number;
  /** Cash + mobile money + bank at the end of endDate. */
  readonly closingCash: number;
}

/**
 * Cash flows over an inclusive date range. Each entry that moves money is split by its non-cash lines: every
 * counter-account line adds (credit − debit) to its section, and since the entry balances those shares add up
 * exactly to the cash it moved. Entries without money lines (credit sales, equipment bought on credit) move no
 * cash and are left out; transfers between cash accounts net to zero.
 */
export function cashFlow(entries: readonly JournalEntry[], range: DateRange): CashFlowStatement {
  assertDateRange(range);
  const sections: Record<CashFlowClass, number> = { operating: 0, investing: 0, financing: 0 };
  let openingCash = 0;
  let closingCash = 0;
  for (const entry of entries) {
    assertBalanced(entry);
    if (entry.date > range.endDate) {
      continue;
    }
    const moved = cashMoved(entry);
    closingCash = addCents(closingCash, moved);
    if (entry.date < range.startDate) {
      openingCash = addCents(openingCash, moved);
    } else if (entry.lines.some((line) => isCashAccount(line.account))) {
      addToSections(sections, entry);
    }
  }
  const netChange = addCents(addCents(sections.operating, sections.investing), sections.financing);
  return { ...sections, netChange, openingCash, closingCash };
}

function cashMoved(entry: JournalEntry): number {
  let moved = 0;
  for (const line of entry.lines) {
    if (isCashAccount(line.account)) {
      moved = addCents(moved, line.debit - line.credit);
    }
  }
  return moved;
}

function addToSections(sections: Record<CashFlowClass, number>, entry: JournalEntry): void {
  for (const line of entry.lines) {
    if (!isCashAccount(line.account)) {
      const section = cashFlowClass(line.account);
      sections[section] = addCents(sections[section], line.credit - line.debit);
    }
  }
}
