// Exact money as integer hundredths of the currency unit (cents): parsing user and API input in the deployment's
// currency (its decimals), and arithmetic that never uses floats and rounds to the currency's smallest unit.

/**
 * Fixed-point decimal text: an integer part (plain digits, or digits grouped by threes with a space,
 * no-break space or narrow no-break space as French users type them), then an optional `.` or `,`
 * decimal separator followed by at least one digit. No sign, no exponent, no leading separator.
 */
const DECIMAL_PATTERN = /^(\d+|\d{1,3}(?:[ \u00A0\u202F]\d{3})+)(?:[.,](\d+))?$/;

/**
 * Largest amount one transaction, sale or trade may carry, in cents (10 billion): however many a farm books,
 * its statements add them up exactly.
 */
export const MAX_AMOUNT_CENTS = 1_000_000_000_000;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/**
 * A double carries any decimal of at most 15 significant digits exactly, so API numbers are trusted only while
 * the scaled integer stays below 10^15 (10 000 billion in currency units, 10^12 tons): beyond that the client's
 * number may already have lost the last digits. Strings have no such limit.
 */
export const MAX_EXACT_NUMBER_DIGITS = 15;

/**
 * Parses a non-negative decimal into an integer count of 10^-decimals units (e.g. cents for 2, kg for 3 on tons).
 * Returns null for anything invalid: empty, negative, exponent, two separators, more than `decimals` digits
 * after the separator (even trailing zeros, so an English "1,500" is never silently read as 1.5), or a result
 * beyond Number.MAX_SAFE_INTEGER. Numbers are read through their shortest round-trip decimal form, so 0.29
 * is 29 cents although the double is not exactly 0.29; numbers of 10^(15 − decimals) or more are rejected
 * (see MAX_EXACT_NUMBER_DIGITS).
 */
export function parseScaledDecimal(input: string | number, decimals: number): number | null {
  const text = typeof input === 'number' ? plainNumberText(input, decimals) : input.trim();
  if (text === null) {
    return null;
  }
  const match = DECIMAL_PATTERN.exec(text);
  // Leading zeros carry nothing: only the significant digits are measured below.
  const integerDigits = match?.[1]?.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  const fractionDigits = match?.[2] ?? '';
  // More digits than a safe integer has is out of range: refused before BigInt, whose parse of a
  // megabyte of digits would hold the event loop for a fifth of a second.
  if (integerDigits === undefined || fractionDigits.length > decimals || integerDigits.length > SAFE_DIGITS) {
    return null;
  }
  const scaled =
    BigInt(integerDigits) * 10n ** BigInt(decimals) + BigInt(fractionDigits.padEnd(decimals, '0'));
  return scaled > MAX_SAFE ? null : Number(scaled);
}

function plainNumberText(value: number, decimals: number): string | null {
  if (!Number.isFinite(value) || value < 0 || value >= 10 ** (MAX_EXACT_NUMBER_DIGITS - decimals)) {
    return null;
  }
  const text = String(value);
  // Exponent forms are either below a cent (1e-7) or far beyond safe cents (1e+21).
  return /e/i.test(text) ? null : text;
}

/**
 * The deployment's currency (ISO 4217) and its decimals: 2 for USD, GHS, NGN, EUR; 0 for XAF, XOF. Amounts are
 * stored in hundredths of the unit whatever the currency (a deployment's data keeps one scale); with fewer
 * decimals, every amount typed, computed or answered is a whole number of the currency's smallest unit.
 * Set once at start: by the server from its configuration, by the web app from the page (GET /api/config).
 */
let currency = { code: 'USD', digits: 2 };

/** Hundredths in the currency's smallest unit: 1 with 2 decimals, 100 with none. */
const step = () => 10 ** (2 - currency.digits);

/** The currency's smallest unit in cents: 1 with 2 decimals, 100 for a currency without decimals. */
export const smallestUnitCents = (): number => step();

export const MAX_CURRENCY_DIGITS = 2;

export function setDeploymentCurrency(code: string, digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > MAX_CURRENCY_DIGITS) {
    throw new RangeError(
      `a currency with ${digits} decimals is not supported (at most ${MAX_CURRENCY_DIGITS})`,
    );
  }
  currency = { code, digits };
}

export const deploymentCurrency = (): { code: string; digits: number } => currency;

/**
 * Parses a money amount typed by a user or sent by a client: '12', '12.5', '12,50', ' 1 234,56 ', 12.5.
 * Accepts `.` or `,` as the decimal separator and at most the currency's decimals; negative amounts are
 * rejected. Returns integer cents, or null when the input is not a valid amount.
 */
export function parseMoneyToCents(input: string | number): number | null {
  const units = parseScaledDecimal(input, currency.digits);
  return units === null ? null : units * step();
}

/** The message of an amount with more decimals than the deployment's currency has. */
export const CURRENCY_DECIMALS = 'validation.currencyDecimals';

/** Whether the amount would be valid but for its decimals: more than the deployment's currency has. */
export function hasTooManyDecimals(input: unknown): boolean {
  return (
    (typeof input === 'string' || typeof input === 'number') &&
    parseMoneyToCents(input) === null &&
    parseScaledDecimal(input, 2) !== null
  );
}

/**
 * Converts an API number with at most the currency's decimals to cents; negative values are allowed (balances
 * can be negative). Returns null (never throws) for NaN, infinities, more decimals or |value| ≥ 10^13 (not exact
 * in a double).
 */
export function decimalToCents(value: number): number | null {
  if (value >= 0 || Number.isNaN(value)) {
    return parseMoneyToCents(value);
  }
  const magnitude = parseMoneyToCents(-value);
  return magnitude === null ? null : 0 - magnitude;
}

/**
 * Converts cents to the API's decimal number (1250 → 12.5). The division is correctly rounded, so the number
 * prints exactly and decimalToCents gives the cents back for every |cents| < 10^15; above that a double cannot
 * hold every cent and the result is the nearest double.
 */
export function centsToDecimal(cents: number): number {
  assertCents(cents, 'cents');
  // An average or a median may fall between two of the currency's units: answered rounded to one (half up).
  const rounded =
    step() === 1 ? cents : fromBigInt(divideHalfUp(BigInt(cents), BigInt(step())) * BigInt(step()));
  // `+ 0` turns -0 into 0 so JSON and equality checks never see a negative zero.
  return rounded / 100 + 0;
}

/** True for a value usable as an amount of cents: a safe integer (sign not checked). */
export function isCents(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

/** Sums cents exactly; throws RangeError if a value is not a safe integer or the total leaves the safe range. */
export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const value of values) {
    total = addCents(total, value);
  }
  return total;
}

/** Adds two amounts of cents; throws RangeError if either is not a safe integer or the result is not one. */
export function addCents(a: number, b: number): number {
  assertCents(a, 'amount');
  assertCents(b, 'amount');
  const total = a + b;
  if (!Number.isSafeInteger(total)) {
    throw new RangeError(`sum ${a} + ${b} exceeds the safe integer range`);
  }
  return total + 0;
}

/**
 * Price of a quantity: unitPriceCents × quantity / scale, where quantity is an integer count of 1/scale of the
 * priced unit (kg on a per-ton price: scale 1000; units on a per-unit price: scale 1).
 * Computed exactly in BigInt and rounded once to the currency's smallest unit (a cent, or a whole franc), half
 * up (a half cent goes to the next cent), the rule farmers and invoices use by hand. Throws RangeError on negative or non-integer inputs and on an unsafe result.
 */
export function multiplyCents(unitPriceCents: number, quantity: number, scale = 1): number {
  assertNonNegative(unitPriceCents, 'unitPriceCents');
  assertNonNegative(quantity, 'quantity');
  assertPositive(scale, 'scale');
  const unit = BigInt(step());
  return fromBigInt(divideHalfUp(BigInt(unitPriceCents) * BigInt(quantity), BigInt(scale) * unit) * unit);
}

/**
 * Divides cents by a positive integer (averages, splits), rounding to the currency's smallest unit half away
 * from zero (with cents: divideCents(5, 2) = 3, divideCents(-5, 2) = -3). Throws RangeError on invalid input.
 */
export function divideCents(cents: number, divisor: number): number {
  assertCents(cents, 'cents');
  assertPositive(divisor, 'divisor');
  const unit = BigInt(step());
  return fromBigInt(divideHalfUp(BigInt(cents), BigInt(divisor) * unit) * unit);
}

function divideHalfUp(numerator: bigint, divisor: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const quotient = (magnitude * 2n + divisor) / (divisor * 2n);
  return numerator < 0n ? -quotient : quotient;
}

function fromBigInt(value: bigint): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new RangeError(`amount ${value} exceeds the safe integer range`);
  }
  return Number(value);
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer, got ${value}`);
  }
}

function assertNonNegative(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
  }
}

function assertPositive(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive safe integer, got ${value}`);
  }
}
