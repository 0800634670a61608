// Which of a farm's money belongs to a plan (pure): what the farmer or an input linked to it, and the sales of its
// crop made after its harvest began that nobody linked elsewhere (each such sale goes to the plan of its crop whose
// harvest began last before the sale). A link to no plan keeps a sale out of every plan.

export interface MoneyItem {
  source: 'transaction' | 'sale';
  id: number;
  type: 'income' | 'expense';
  date: string;
  amountCents: number;
  /** The crop a sale sold, as the catalogue resolves its listing's name; null when unknown or not a sale. */
  crop: string | null;
}

export interface PlanMoneyInput {
  planId: number;
  crop: string;
  money: readonly MoneyItem[];
  /** Links of the farm: `source:id` → the plan (null: none). */
  links: ReadonlyMap<string, number | null>;
  /** The first harvest day of each plan of this crop on the farm. */
  harvestStarts: readonly { planId: number; firstDay: string }[];
}

export interface PlanMoneyItem extends MoneyItem {
  automatic: boolean;
}

export interface PlanMoneyTotals {
  items: PlanMoneyItem[];
  inputsCents: number;
  salesCents: number;
}

export const linkKey = (source: string, id: number) => `${source}:${id}`;

/** The plan of this crop a sale on `date` belongs to: the one whose harvest began last on or before it. */
function planOfSale(date: string, starts: readonly { planId: number; firstDay: string }[]): number | null {
  let found: { planId: number; firstDay: string } | null = null;
  for (const start of starts) {
    if (start.firstDay <= date && (found === null || start.firstDay >= found.firstDay)) {
      found = start;
    }
  }
  return found?.planId ?? null;
}

export function planMoney(input: PlanMoneyInput): PlanMoneyTotals {
  const items: PlanMoneyItem[] = [];
  for (const item of input.money) {
    const key = linkKey(item.source, item.id);
    if (input.links.has(key)) {
      if (input.links.get(key) === input.planId) {
        items.push({ ...item, automatic: false });
      }
      continue;
    }
    const automatic =
      item.source === 'sale' &&
      item.crop === input.crop &&
      planOfSale(item.date, input.harvestStarts) === input.planId;
    if (automatic) {
      items.push({ ...item, automatic: true });
    }
  }
  const sum = (type: MoneyItem['type']) =>
    items.filter((i) => i.type === type).reduce((total, i) => total + i.amountCents, 0);
  return { items, inputsCents: sum('expense'), salesCents: sum('income') };
}
