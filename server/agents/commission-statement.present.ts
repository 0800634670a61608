// An agent's commission statement as the API shows it (money in currency units) and as a CSV in the reader's
// language (headers translated; the separators and decimal comma are csvOptionsFor's, as the finance CSVs).

import type { TCommissionStatement } from '../../contract/agents';
import type { Language } from '../../contract/constants';
import { centsToDecimal } from '../../contract/money';
import type { CsvCell } from '../http/csv';
import { translate } from '../http/i18n';
import type { commissionStatement } from './agents.service';

type Statement = Awaited<ReturnType<typeof commissionStatement>>;

export function presentStatement(
  statement: Statement,
  period: { from: string; to: string },
): TCommissionStatement {
  return {
    from: period.from,
    to: period.to,
    farmers: statement.farmers.map((f) => ({
      farmer: { id: f.id, username: f.username },
      orders: f.orders,
      sales: centsToDecimal(f.salesCents),
      commission: centsToDecimal(f.cents),
    })),
    total: {
      orders: statement.total.orders,
      sales: centsToDecimal(statement.total.salesCents),
      commission: centsToDecimal(statement.total.cents),
    },
    items: statement.items.map((i) => ({
      id: i.commission.id,
      orderId: i.commission.orderId,
      farmer: { id: i.commission.farmerId, username: i.farmerUsername },
      amount: centsToDecimal(i.commission.amountCents),
      sale: centsToDecimal(i.saleCents),
      createdAt: i.commission.createdAt.toISOString(),
    })),
  };
}

/** The statement's rows: the period, one line per farmer and the total, then each commission with its sale. */
export function statementRows(
  statement: TCommissionStatement,
  currency: string,
  lang: Language,
): CsvCell[][] {
  const header = (column: string) => translate(lang, `agents.statement.csv.${column}`);
  return [
    ['from', 'to', 'currency'].map(header),
    [statement.from, statement.to, currency],
    [],
    ['farmer', 'orders', 'sales', 'commission'].map(header),
    ...statement.farmers.map((f) => [f.farmer.username, f.orders, f.sales, f.commission]),
    [header('total'), statement.total.orders, statement.total.sales, statement.total.commission],
    [],
    ['date', 'order', 'farmer', 'sale', 'commission'].map(header),
    ...statement.items.map((i) => [i.createdAt.slice(0, 10), i.orderId, i.farmer.username, i.sale, i.amount]),
  ];
}
