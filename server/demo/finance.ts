// Demo books: a year of amina's farm, by calendar month: the season's costs, a loan and a pump, harvest sales.
import { findUserByUsername } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { firstFarmIdOf } from '../farms/lookups';
import { countTransactions } from '../finance/finance.repo';
import { createSale, createTransaction, today } from '../finance/finance.service';
import { addDays, addMonths, daysInMonth } from '../finance/periods';
import { demoAmount } from './money';

type Plan = {
  type: 'income' | 'expense';
  category: string;
  amount: string;
  day: number;
  description: string;
  paymentMethod: string;
};

const expense = (
  category: string,
  amount: string,
  day: number,
  description: string,
  paymentMethod = 'cash',
) => ({ type: 'expense', category, amount, day, description, paymentMethod }) satisfies Plan;
const income = (category: string, amount: string, day: number, description: string, paymentMethod = 'cash') =>
  ({ type: 'income', category, amount, day, description, paymentMethod }) satisfies Plan;

/** A two-season maize year in the western highlands of Cameroon, by calendar month (1–12). */
const SEASON: Record<number, Plan[]> = {
  1: [
    expense('labour', '60.00', 14, 'Défrichage de saison sèche'),
    income('livestock_sales', '240.00', 22, 'Deux chèvres'),
  ],
  2: [
    expense('repairs', '45.50', 9, 'Joints de la motopompe'),
    expense('rent', '150.00', 1, 'Loyer du champ du bas'),
  ],
  3: [
    expense('seeds', '182.40', 6, 'Semence de maïs hybride, 25 kg', 'mobile_money'),
    expense('fertilizer', '320.00', 10, 'NPK 20-10-10, 8 sacs', 'mobile_money'),
    expense('labour', '150.00', 18, 'Labour et semis'),
  ],
  4: [
    expense('fertilizer', '240.00', 8, 'Urée en couverture', 'mobile_money'),
    expense('pesticides', '88.75', 16, 'Traitement contre la chenille légionnaire'),
    expense('labour', '200.00', 24, 'Sarclage'),
  ],
  5: [expense('pesticides', '70.20', 12, 'Deuxième traitement'), expense('labour', '120.00', 26, 'Sarclage')],
  6: [income('subsidy', '300.00', 10, 'Subvention intrants, programme du ministère', 'bank_transfer')],
  7: [
    expense('labour', '250.00', 20, 'Équipe de récolte'),
    expense('transport', '80.00', 28, 'Camion pour Bafoussam'),
  ],
  8: [
    expense('labour', '180.00', 6, 'Égrenage et séchage'),
    expense('transport', '65.00', 19, 'Trajets au marché'),
  ],
  9: [
    expense('seeds', '120.00', 4, 'Semence de deuxième saison', 'mobile_money'),
    expense('fertilizer', '200.00', 9, 'NPK, 5 sacs', 'mobile_money'),
    expense('labour', '110.00', 15, 'Semis'),
  ],
  10: [
    expense('pesticides', '60.00', 11, 'Lutte contre les foreurs de tiges'),
    expense('labour', '100.00', 23, 'Sarclage'),
  ],
  11: [
    expense('labour', '160.00', 21, 'Équipe de récolte'),
    expense('transport', '55.00', 27, 'Trajets au marché'),
  ],
  12: [
    expense('veterinary', '35.00', 8, 'Vaccination des chèvres'),
    income('other_income', '90.00', 18, 'Location du pulvérisateur'),
  ],
};

/** A sale of the farm's own harvest: tons, price per ton (US dollars), the day of the month, the buyer. */
interface Sale {
  quantity: string;
  price: string;
  day: number;
  buyer: string;
  paymentMethod: string;
}

/** Harvest sales by calendar month. */
const HARVEST_SALES: Record<number, Sale[]> = {
  1: [{ quantity: '2.2', price: '265.00', day: 10, buyer: 'Marché A de Bafoussam', paymentMethod: 'cash' }],
  8: [
    {
      quantity: '6.5',
      price: '230.00',
      day: 3,
      buyer: 'Coopérative des Hauts-Plateaux',
      paymentMethod: 'mobile_money',
    },
    {
      quantity: '4.25',
      price: '242.50',
      day: 24,
      buyer: 'Brasseries du Cameroun',
      paymentMethod: 'bank_transfer',
    },
  ],
  11: [{ quantity: '2', price: '255.00', day: 12, buyer: 'Marché A de Bafoussam', paymentMethod: 'cash' }],
  12: [
    {
      quantity: '5.8',
      price: '250.00',
      day: 5,
      buyer: 'Coopérative des Hauts-Plateaux',
      paymentMethod: 'mobile_money',
    },
  ],
};

/** The year's one-off entries, by months after its first. */
const ONE_OFF: [monthOffset: number, plan: Plan][] = [
  [0, income('owner_contribution', '2000.00', 2, 'Épargne apportée à la ferme')],
  [2, income('loan_received', '3000.00', 5, 'Crédit Communautaire d’Afrique, 12 échéances', 'bank_transfer')],
  [3, expense('equipment_purchase', '1800.00', 12, 'Motopompe et tuyaux', 'bank_transfer')],
];

/** Every month's entries after the season's, from the month given on (the loan is repaid from the fourth). */
const MONTHLY: [fromMonthOffset: number, plan: Plan][] = [
  [0, expense('utilities', '24.00', 28, 'Eau et électricité', 'mobile_money')],
  [0, expense('fuel', '38.50', 15, 'Carburant motopompe et moto')],
  [3, expense('loan_repayment', '250.00', 5, 'Échéance du crédit', 'bank_transfer')],
];

/** A sale to a regular buyer this week keeps the overview's chart alive on any demo day. */
const THIS_WEEKS_SALE: Omit<Sale, 'day'> = {
  quantity: '0.5',
  price: '260.00',
  buyer: 'Kofi Mensah',
  paymentMethod: 'cash',
};

/** The farm being booked and today's date: nothing later than today is booked. */
interface Books {
  ctx: AppContext;
  farm: { id: number; ownerId: number };
  now: string;
}

/** The day of `month` (YYYY-MM), at most its last; null when it is still to come. */
function dateIn(books: Books, month: string, day: number): string | null {
  const last = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const date = `${month}-${String(Math.min(day, last)).padStart(2, '0')}`;
  return date > books.now ? null : date;
}

async function book(books: Books, plan: Plan, month: string): Promise<void> {
  const date = dateIn(books, month, plan.day);
  if (date) {
    const { ctx, farm } = books;
    await createTransaction(ctx, {
      farm,
      actor: { id: farm.ownerId },
      input: { ...plan, amount: demoAmount(plan.amount), date, reference: null },
    });
  }
}

async function sell(books: Books, sale: Omit<Sale, 'day'>, date: string): Promise<void> {
  await createSale(books.ctx, {
    farm: books.farm,
    input: {
      type: 'custom',
      date,
      quantity: sale.quantity,
      pricePerUnit: demoAmount(sale.price),
      buyer: sale.buyer,
      paid: true,
      paymentMethod: sale.paymentMethod,
    },
  });
}

/** One month of the year: the season's entries, the monthly ones, then the harvest sold. */
async function bookMonth(books: Books, month: string, offset: number): Promise<void> {
  const calendarMonth = Number(month.slice(5, 7));
  for (const plan of SEASON[calendarMonth] ?? []) {
    await book(books, plan, month);
  }
  for (const [from, plan] of MONTHLY) {
    if (offset >= from) {
      await book(books, plan, month);
    }
  }
  for (const sale of HARVEST_SALES[calendarMonth] ?? []) {
    const date = dateIn(books, month, sale.day);
    if (date) {
      await sell(books, sale, date);
    }
  }
}

export async function seed(ctx: AppContext): Promise<void> {
  const amina = await findUserByUsername(ctx.db, 'amina');
  const farmId = amina ? await firstFarmIdOf(ctx.db, amina.id) : null;
  const farm = amina && farmId !== null ? { id: farmId, ownerId: amina.id } : null;
  if (!farm || (await countTransactions(ctx.db, farm.id)) > 0) {
    return;
  }
  const books: Books = { ctx, farm, now: today() };
  const thisMonth = books.now.slice(0, 7);
  const firstMonth = addMonths(thisMonth, -11);
  for (const [offset, plan] of ONE_OFF) {
    await book(books, plan, addMonths(firstMonth, offset));
  }
  for (let offset = 0; offset < 12; offset += 1) {
    await bookMonth(books, addMonths(firstMonth, offset), offset);
  }
  const yesterday = addDays(books.now, -1);
  await sell(books, THIS_WEEKS_SALE, yesterday < `${thisMonth}-01` ? books.now : yesterday);
}
