// A co-operative's settlement: each member's share of what buyers paid for its bulk lots and the deductions from it,
// in exact integer arithmetic (BigInt fractions, never floats), so that the shares add up to the proceeds exactly.
import { GRADES, type Grade } from '../../contract/marketplace';

/**
 * THE RULE (as members' statements state it). Money is in cents; a "unit" is the smallest amount the currency pays
 * (1 franc CFA, 1 pesewa).
 *
 * 1. Counted weight. In each lot sold, a member's counted kg = the kg they delivered into it (intakes net of
 *    reversals) × the kg sold from the lot ÷ the kg all members delivered into it.
 * 2. Prices. The reference price per ton = the proceeds ÷ the tons sold in all. A grade's price = the reference
 *    price + the co-operative's differential for that grade, never below 0.
 * 3. Gross share. A member's basis = Σ their counted tons × their grade's price. The proceeds are shared in
 *    proportion to the bases, in whole units, by largest remainder: each member first gets the whole units of
 *    their exact share, then the units left over go one each to the largest fractions left (equal fractions: the
 *    lower member number first). The price paid per ton of each grade (`prices`) is therefore the grade's price
 *    scaled by the one factor that makes the shares add up to the proceeds. A member whose basis is 0 (their
 *    grade's price is 0) gets nothing.
 * 4. Less than one unit. When the proceeds are not a whole number of units, what is below one unit is added to the
 *    gross share and to the levy of the member with the largest basis (equal: the lower member number): the
 *    co-operative keeps it, and nobody is paid less for it.
 * 5. Deductions, in this order, each in whole units and rounded down: the levy = gross × the levy percentage; the
 *    transport = counted tons × the transport charge per ton, at most what remains; the input credit = what the
 *    member still owes the co-operative, at most what remains. The net = what remains (never below 0), paid to
 *    the member.
 */
export interface SettlementInput {
  /** What the buyers paid for the settled goods, cents (> 0). */
  proceeds: number;
  /** The currency's smallest payable amount, cents (100 for FCFA, 1 for cedis). */
  unit: number;
  /** The levy in tenths of a percent (5 % = 50). */
  levyTenths: number;
  /** Cents per ton counted. */
  transportPerTon: number;
  /** Cents per ton added to (or taken from) the reference price for each grade. */
  differentials: Readonly<Record<Grade, number>>;
  lots: readonly SettlementLot[];
  /** Input credit each member still owes the co-operative, cents. */
  creditOwed: ReadonlyMap<number, number>;
}

export interface SettlementLot {
  lotId: number;
  grade: Grade;
  /** Kg sold from the lot in what is settled. */
  soldKg: number;
  /** Each member's net delivery into the lot, kg (a member may appear more than once: their kg add up). */
  contributions: readonly { memberId: number; kg: number }[];
}

export interface MemberShare {
  memberId: number;
  /** Kg delivered into the settled lots, per grade. */
  delivered: { grade: Grade; kg: number }[];
  /** Kg counted (what was sold of it), per grade, to the gram. */
  counted: { grade: Grade; kg: number }[];
  gross: number;
  levy: number;
  credit: number;
  transport: number;
  net: number;
}

export interface SettlementShares {
  /** Price paid per ton of each grade sold, cents, to the nearest cent. */
  prices: { grade: Grade; price: number }[];
  /** One per member with counted kg, by member number. */
  shares: MemberShare[];
}

/** A member's weights: counted kg per grade scaled by the lots' common denominator, and their basis. */
interface Weights {
  memberId: number;
  delivered: Map<Grade, number>;
  counted: Map<Grade, bigint>;
  countedTotal: bigint;
  basis: bigint;
}

const KG_PER_TON = 1000n;
const TENTHS_PER_WHOLE = 1000n;

/** Each member's gross, levy, transport, credit and net under the rule above. Throws RangeError on invalid input. */
export function computeShares(input: SettlementInput): SettlementShares {
  validate(input);
  const { weights, denominator, gradePrice, soldByGrade } = memberWeights(input);
  const totalBasis = weights.reduce((sum, w) => sum + w.basis, 0n);
  if (totalBasis === 0n) {
    throw new RangeError('every grade sold is priced at 0 after its differential: nothing to share');
  }
  const units = largestRemainder(weights, BigInt(Math.floor(input.proceeds / input.unit)), totalBasis);
  const holder = largestBasis(weights);
  const shares = weights
    .filter((w) => w.countedTotal > 0n)
    .map((w) => deduct(input, w, units.get(w.memberId) ?? 0n, w === holder, denominator));
  const soldOf = (grade: Grade) => soldByGrade.get(grade) ?? 0n;
  const soldWorth = GRADES.reduce((sum, g) => sum + soldOf(g) * gradePrice(g), 0n);
  const prices = GRADES.filter((g) => soldOf(g) > 0n).map((grade) => ({
    grade,
    price: Number(roundHalfUp(gradePrice(grade) * BigInt(input.proceeds) * KG_PER_TON, soldWorth)),
  }));
  return { prices, shares };
}

// ---- Input

function validate(input: SettlementInput): void {
  wholeAtLeast('proceeds', input.proceeds, 1);
  wholeAtLeast('unit', input.unit, 1);
  wholeAtLeast('levyTenths', input.levyTenths, 0);
  if (input.levyTenths > 1000) {
    throw new RangeError('levyTenths must be at most 1000 (100 %)');
  }
  wholeAtLeast('transportPerTon', input.transportPerTon, 0);
  for (const grade of GRADES) {
    wholeAtLeast(`differentials.${grade}`, input.differentials[grade], Number.MIN_SAFE_INTEGER);
  }
  const lotIds = new Set<number>();
  for (const lot of input.lots) {
    if (lotIds.has(lot.lotId) || !(GRADES as readonly string[]).includes(lot.grade)) {
      throw new RangeError(`lot ${lot.lotId} is given twice or has no grade A, B or C`);
    }
    lotIds.add(lot.lotId);
    wholeAtLeast('soldKg', lot.soldKg, 0);
    for (const c of lot.contributions) {
      wholeAtLeast('memberId', c.memberId, 1);
      wholeAtLeast('kg', c.kg, 0);
    }
    if (lot.soldKg > 0 && lot.contributions.every((c) => c.kg === 0)) {
      throw new RangeError(`lot ${lot.lotId} sold ${lot.soldKg} kg that no member delivered`);
    }
  }
  if (input.lots.every((lot) => lot.soldKg === 0)) {
    throw new RangeError('nothing was sold from the lots');
  }
  for (const [memberId, owed] of input.creditOwed) {
    wholeAtLeast(`creditOwed of ${memberId}`, owed, 0);
  }
}

function wholeAtLeast(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}, not ${value}`);
  }
}

// ---- Weights and prices

/**
 * Counted kg as exact fractions over one denominator (the least common multiple of the lots' delivered kg), and
 * each grade's price as an integer proportional to it: 1000 × proceeds + differential × kg sold = price per ton ×
 * kg sold. A basis is then counted kg × denominator × that price, proportional to every member's real basis.
 */
function memberWeights(input: SettlementInput) {
  const sold = input.lots.filter((lot) => lot.soldKg > 0);
  const delivered = (lot: SettlementLot) => lot.contributions.reduce((sum, c) => sum + BigInt(c.kg), 0n);
  const denominator = sold.reduce((acc, lot) => lcm(acc, delivered(lot)), 1n);
  const totalSold = sold.reduce((sum, lot) => sum + BigInt(lot.soldKg), 0n);
  const gradePrice = (grade: Grade): bigint => {
    const price = BigInt(input.proceeds) * KG_PER_TON + BigInt(input.differentials[grade]) * totalSold;
    return price > 0n ? price : 0n;
  };
  const soldByGrade = new Map<Grade, bigint>();
  const byMember = new Map<number, Weights>();
  for (const lot of input.lots) {
    soldByGrade.set(lot.grade, (soldByGrade.get(lot.grade) ?? 0n) + BigInt(lot.soldKg));
    const scale = lot.soldKg > 0 ? (BigInt(lot.soldKg) * denominator) / delivered(lot) : 0n;
    for (const { memberId, kg } of lot.contributions) {
      const w = byMember.get(memberId) ?? newWeights(memberId);
      byMember.set(memberId, w);
      w.delivered.set(lot.grade, (w.delivered.get(lot.grade) ?? 0) + kg);
      const counted = BigInt(kg) * scale;
      w.counted.set(lot.grade, (w.counted.get(lot.grade) ?? 0n) + counted);
      w.countedTotal += counted;
      w.basis += counted * gradePrice(lot.grade);
    }
  }
  const weights = [...byMember.values()].sort((a, b) => a.memberId - b.memberId);
  return { weights, denominator, gradePrice, soldByGrade };
}

function newWeights(memberId: number): Weights {
  return { memberId, delivered: new Map(), counted: new Map(), countedTotal: 0n, basis: 0n };
}

// ---- Gross shares

/** `total` whole units shared in proportion to the bases: whole parts first, then one each to the largest rests. */
function largestRemainder(
  weights: readonly Weights[],
  total: bigint,
  totalBasis: bigint,
): Map<number, bigint> {
  const quotas = weights.map((w) => ({
    memberId: w.memberId,
    whole: (total * w.basis) / totalBasis,
    rest: (total * w.basis) % totalBasis,
  }));
  let left = total - quotas.reduce((sum, q) => sum + q.whole, 0n);
  const byRest = [...quotas].sort((a, b) =>
    a.rest === b.rest ? a.memberId - b.memberId : a.rest > b.rest ? -1 : 1,
  );
  const units = new Map(quotas.map((q) => [q.memberId, q.whole]));
  // Fewer units are left than members with a rest (the rests add up to `left` whole bases), so a basis of 0 gets none.
  for (const q of byRest) {
    if (left === 0n) {
      break;
    }
    units.set(q.memberId, q.whole + 1n);
    left -= 1n;
  }
  return units;
}

/** Who keeps what is below one unit: the largest basis, hence a gross at least everyone else's (lower number first). */
function largestBasis(weights: readonly Weights[]): Weights | undefined {
  return weights.reduce<Weights | undefined>(
    (best, w) => (best === undefined || w.basis > best.basis ? w : best),
    undefined,
  );
}

// ---- Deductions

function deduct(
  input: SettlementInput,
  w: Weights,
  units: bigint,
  holder: boolean,
  denominator: bigint,
): MemberShare {
  const unit = BigInt(input.unit);
  const below = holder ? BigInt(input.proceeds % input.unit) : 0n;
  const whole = units * unit;
  const levy = ((whole * BigInt(input.levyTenths)) / (TENTHS_PER_WHOLE * unit)) * unit;
  let rest = whole - levy;
  const charged = (w.countedTotal * BigInt(input.transportPerTon)) / (denominator * KG_PER_TON * unit);
  const transport = min(charged * unit, rest);
  rest -= transport;
  const owed = BigInt(input.creditOwed.get(w.memberId) ?? 0);
  const credit = min((owed / unit) * unit, rest);
  return {
    memberId: w.memberId,
    delivered: GRADES.filter((g) => w.delivered.has(g)).map((grade) => ({
      grade,
      kg: w.delivered.get(grade) ?? 0,
    })),
    counted: GRADES.filter((g) => (w.counted.get(g) ?? 0n) > 0n).map((grade) => ({
      grade,
      kg: Number(roundHalfUp((w.counted.get(grade) ?? 0n) * 1000n, denominator)) / 1000,
    })),
    gross: Number(whole + below),
    levy: Number(levy + below),
    credit: Number(credit),
    transport: Number(transport),
    net: Number(rest - credit),
  };
}

// ---- Integers

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) {
    [x, y] = [y, x % y];
  }
  return x;
}

function lcm(a: bigint, b: bigint): bigint {
  return (a / gcd(a, b)) * b;
}

/** n ÷ d to the nearest integer, halves up (n ≥ 0, d > 0). */
function roundHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}
