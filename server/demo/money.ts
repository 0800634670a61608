// Demo amounts are written in US dollars; a deployment in another currency gets them at a fixed demo rate, in whole
// units of its currency (a demo in CFA francs shows a ton of maize near 168 000 FCFA, not 280).
import { deploymentCurrency, divideCents, parseScaledDecimal } from '../../contract/money';

/** Rough units of each currency for one US dollar: demo data only, never a rate anyone pays at. */
const DEMO_RATES: Record<string, number> = { USD: 1, EUR: 0.92, XAF: 600, XOF: 600, GHS: 15, NGN: 1500 };

const rate = () => DEMO_RATES[deploymentCurrency().code] ?? 1;

/** US cents of the demo data in the deployment's currency (cents), rounded to its smallest unit. */
export function demoCents(usdCents: number): number {
  return divideCents(Math.round(usdCents * rate()), 1);
}

/** A US dollar amount as the demo writes it ('265.00') in the deployment's currency, as text the API reads. */
export function demoAmount(usd: string): string {
  const cents = demoCents(parseScaledDecimal(usd, 2) ?? 0);
  const { digits } = deploymentCurrency();
  return (cents / 100).toFixed(digits);
}

/** A computed amount (a price walked by the demo market) brought to the currency's smallest unit. */
export const inCurrencyUnits = (cents: number) => divideCents(Math.round(cents), 1);

/** An amount the demo writes in CFA francs (the co-operative's rules), in the deployment's currency (cents). */
export function demoCentsOfFcfa(francs: number): number {
  const XAF = DEMO_RATES.XAF ?? 1;
  return demoCents((francs * 100) / XAF);
}
