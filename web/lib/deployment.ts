// The deployment's settings as the web app knows them (its currency and decimals, the phone country code): from
// the page the server wrote, else the last ones seen (a page from the service worker's cache has none, and is
// asked again in the background), else the defaults. Amounts are read and drawn with them.
import type { TDeploymentConfig } from '../../contract/config';
import { setDeploymentCurrency } from '../../contract/money';

const STORAGE_KEY = 'terroir-deployment';

export const DEFAULT_DEPLOYMENT: TDeploymentConfig = {
  currency: 'USD',
  currencyDigits: 2,
  defaultCountryCode: null,
  languages: ['en', 'fr'],
  mobileMoney: [],
};

let current: TDeploymentConfig = DEFAULT_DEPLOYMENT;

/** The settings in force (read when drawing an amount, filling a phone field). */
export const deployment = (): TDeploymentConfig => current;

function isConfig(value: unknown): value is TDeploymentConfig {
  const v = value as Partial<TDeploymentConfig> | null;
  return (
    typeof v?.currency === 'string' &&
    /^[A-Z]{3}$/.test(v.currency) &&
    typeof v.currencyDigits === 'number' &&
    Number.isInteger(v.currencyDigits) &&
    v.currencyDigits >= 0 &&
    v.currencyDigits <= 2
  );
}

function stored(): TDeploymentConfig | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isConfig(value) ? value : null;
  } catch {
    return null;
  }
}

function use(config: TDeploymentConfig): void {
  // Settings kept by an older version have no providers' list: none, so the order screen offers the manual record.
  current = { ...config, mobileMoney: Array.isArray(config.mobileMoney) ? config.mobileMoney : [] };
  setDeploymentCurrency(config.currency, config.currencyDigits);
}

function keep(config: TDeploymentConfig): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Private mode or a full disk: the page's copy is used next time, or the defaults.
  }
}

/** Takes the page's settings, or the last ones seen (then asks the server again for the next paint). */
export function startDeployment(fromPage: TDeploymentConfig | undefined): void {
  if (fromPage && isConfig(fromPage)) {
    use(fromPage);
    keep(fromPage);
    return;
  }
  use(stored() ?? DEFAULT_DEPLOYMENT);
  void fetch('/api/config', { credentials: 'same-origin' })
    .then((res) => (res.ok ? res.json() : null))
    .then((config: unknown) => {
      if (isConfig(config)) {
        use(config);
        keep(config);
      }
    })
    .catch(() => undefined);
}
