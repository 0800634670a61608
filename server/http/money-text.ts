// Amounts in the texts the server writes (notifications, SMS, USSD screens): the deployment's currency in the
// reader's language ("$150.00", "150 FCFA"), as the web app draws them.
import type { Language } from '../../contract/constants';
import { deploymentCurrency } from '../../contract/money';

const formats = new Map<string, Intl.NumberFormat>();

export function moneyText(lang: Language, units: number): string {
  const { code } = deploymentCurrency();
  const id = `${lang}|${code}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(lang, { style: 'currency', currency: code });
    formats.set(id, format);
  }
  return format.format(units);
}
