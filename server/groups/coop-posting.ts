// A co-operative's double-entry books: the balanced entry each of its money events posts, and the balances and
// headline figures a manager reads. Every entry balances, so the books do; held = collected − paid by mobile money.
import { COOP_ACCOUNTS, type CoopAccount } from '../../contract/groups';

export interface CoopLine {
  account: CoopAccount;
  /** Integer cents, ≥ 0; one of debit and credit is 0. */
  debit: number;
  credit: number;
}

export interface CoopEntry {
  lines: CoopLine[];
}

export interface ShareAmounts {
  gross: number;
  levy: number;
  credit: number;
  transport: number;
  net: number;
}

/** Accounts that grow with debits (what the co-operative has, and its costs); the others grow with credits. */
const DEBIT_NORMAL: ReadonlySet<CoopAccount> = new Set([
  'held_at_operator',
  'cash',
  'member_receivables',
  'expense:member_produce',
]);

const debit = (account: CoopAccount, amount: number): CoopLine => ({ account, debit: amount, credit: 0 });
const credit = (account: CoopAccount, amount: number): CoopLine => ({ account, debit: 0, credit: amount });

function positive(name: string, amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`${name} must be a positive whole number of cents, not ${amount}`);
  }
  return amount;
}

/** Buyers' money for the co-operative's produce, pooled at the operator. */
export function proceedsEntry(amount: number): CoopEntry {
  positive('proceeds', amount);
  return { lines: [debit('held_at_operator', amount), credit('income:produce_sales', amount)] };
}

/**
 * A member's share of a settlement (or a settlement's totals): the gross is the produce bought from members, of
 * which the co-operative keeps the levy and transport, recovers the input credit, and owes the member the net.
 * Lines of 0 are left out (a share of 0 posts nothing). Throws RangeError when the parts do not add up to the gross.
 */
export function settlementEntry(share: ShareAmounts): CoopEntry {
  const { gross, levy, credit: recovered, transport, net } = share;
  for (const [name, amount] of Object.entries({ gross, levy, credit: recovered, transport, net })) {
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw new RangeError(`${name} must be a whole number of cents ≥ 0, not ${amount}`);
    }
  }
  if (levy + recovered + transport + net !== gross) {
    throw new RangeError(`levy, credit, transport and net must add up to the gross ${gross}`);
  }
  const lines = [
    debit('expense:member_produce', gross),
    credit('income:levies', levy),
    credit('member_receivables', recovered),
    credit('income:transport', transport),
    credit('owed_to_members', net),
  ];
  return { lines: lines.filter((l) => l.debit + l.credit > 0) };
}

/** A member paid what they were owed: by mobile money out of the money held at the operator, or in cash. */
export function memberPaidEntry(amount: number, byCash: boolean): CoopEntry {
  positive('payment', amount);
  return { lines: [debit('owed_to_members', amount), credit(byCash ? 'cash' : 'held_at_operator', amount)] };
}

/** Inputs given to a member on credit (seed, fertiliser, cash advance): they owe it back from their shares. */
export function creditGivenEntry(amount: number): CoopEntry {
  positive('credit', amount);
  return { lines: [debit('member_receivables', amount), credit('cash', amount)] };
}

export interface CoopBalances {
  /** Each account's balance on its normal side (debits for what is had and spent, credits for the rest). */
  balances: { account: CoopAccount; balance: number }[];
  /** Buyers' money received for the produce. */
  collected: number;
  levies: number;
  /** Paid to members, by mobile money and in cash. */
  paidToMembers: number;
  owedToMembers: number;
  /** Held for the co-operative at the operator: collected and not yet paid out by mobile money. */
  held: number;
  balanced: boolean;
}

/** The balance of every account (COOP_ACCOUNTS order), the headline figures, and whether debits equal credits. */
export function coopBalances(lines: readonly CoopLine[]): CoopBalances {
  const net = new Map<CoopAccount, number>();
  let debits = 0;
  let credits = 0;
  for (const l of lines) {
    net.set(l.account, (net.get(l.account) ?? 0) + l.debit - l.credit);
    debits += l.debit;
    credits += l.credit;
  }
  const balance = (account: CoopAccount) =>
    DEBIT_NORMAL.has(account) ? (net.get(account) ?? 0) : 0 - (net.get(account) ?? 0);
  const sumOf = (account: CoopAccount, side: 'debit' | 'credit') =>
    lines.filter((l) => l.account === account).reduce((sum, l) => sum + l[side], 0);
  return {
    balances: COOP_ACCOUNTS.map((account) => ({ account, balance: balance(account) })),
    collected: sumOf('income:produce_sales', 'credit'),
    levies: balance('income:levies'),
    paidToMembers: sumOf('owed_to_members', 'debit'),
    owedToMembers: balance('owed_to_members'),
    held: balance('held_at_operator'),
    balanced: debits === credits,
  };
}
