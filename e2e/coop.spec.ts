// A co-operative in the browser, in French on a small phone (issue 33): its store keeper records members' deliveries
// offline and they land in order once back online, each member's receipt sent; the admin sells the bulk lot on the
// marketplace, kofi's order is paid by MTN MoMo (the e2e server's stand-in) and delivered, the admin approves the
// settlement and each member's payout shows (mobile money, or cash for a member with no proven number); a member
// reads their share on their statement. The co-operative, its members and the order are set up through the API.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TGroup, TIntake, TMemberStatement, TSettlement } from '../contract/groups';
import type { TNotification } from '../contract/notifications';
import type { TOrder } from '../contract/orders';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import {
  hidden,
  myId,
  openPage,
  registerFrench,
  SMALL_PHONE,
  sharedBrowser,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';
import { expectJson } from './sale-by-api';
import { type Finding, inspectScreen, report, settled, walkScreens } from './screen-walk';

const browser = sharedBrowser();

/** Money as the web app writes it in French (fr-FR, the e2e server's US dollars) from minor units, spaces plain. */
const dollars = (minor: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' })
    .format(minor / 100)
    .replace(/\s/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/**
 * Cashew: no demo listing and no other spec trades it, so the co-operative's sale moves no market another spec
 * reads.
 */
const CROP = 'cashew';
/** The listing's price per ton, as the admin types it in French. */
const PRICE = '412,50';

/** A signed-in French phone: a demo account (its language put back by `restore`) or a new farmer. */
async function phone(demo?: string) {
  const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
  if (!demo) {
    const username = await registerFrench(page, 'coop', 'farmer');
    return { context, page, username, id: await myId(page), restore: () => context.close() };
  }
  const account = DEMO_USERS.find((user) => user.username === demo);
  if (!account) {
    throw new Error(`no demo account ${demo}`);
  }
  await expectJson(
    page.request.post('/api/login', { data: { username: demo, password: DEMO_PASSWORD } }),
    200,
  );
  await expectJson(page.request.patch('/api/user/language', { data: { language: 'fr' } }), 200);
  const restore = async () => {
    await page.request.patch('/api/user/language', { data: { language: account.language } });
    await context.close();
  };
  return { context, page, username: demo, id: await myId(page), restore };
}
type Phone = Awaited<ReturnType<typeof phone>>;

/** Nothing on the screen as it is now that a phone trips on (screen-walk.ts). */
async function fitsThePhone(page: Page, screen: string) {
  expect(report(await inspectScreen(page, screen))).toBe('');
}

/**
 * The co-operative, through the API: the admin creates it (5 % levy), each person asks to join and the admin
 * accepts, the keeper is made store keeper, and the admin opens its one store.
 */
async function coopOf(admin: Phone, keeper: Phone, members: Phone[]): Promise<TGroup> {
  const group = await expectJson<TGroup>(
    admin.page.request.post('/api/groups', {
      data: {
        name: uniqueName('Coop Menoua'),
        kind: 'cooperative',
        description: 'Coopérative de producteurs de cajou',
        region: 'Ouest',
        crops: [CROP],
        levyPercent: 5,
      },
    }),
    201,
  );
  for (const person of [keeper, ...members]) {
    await expectJson(person.page.request.post(`/api/groups/${group.id}/members`, { data: {} }), 201);
    await expectJson(
      admin.page.request.post(`/api/groups/${group.id}/members/${person.id}/decision`, {
        data: { accept: true },
      }),
      200,
    );
  }
  await expectJson(
    admin.page.request.patch(`/api/groups/${group.id}/members/${keeper.id}`, {
      data: { role: 'store_keeper' },
    }),
    200,
  );
  await expectJson(
    admin.page.request.post(`/api/groups/${group.id}/stores`, {
      data: { name: 'Magasin de Dschang', location: 'Dschang' },
    }),
    201,
  );
  return expectJson<TGroup>(admin.page.request.get(`/api/groups/${group.id}`), 200);
}

/** The keeper records a delivery counted in bags (50 kg each) on the Intakes tab. */
async function recordIntake(page: Page, member: string, bags: number) {
  const form = page.getByTestId('intake-form');
  await form.getByLabel('Membre').selectOption({ label: member });
  await form.getByLabel('Qualité').selectOption('B');
  await form.getByLabel('Humidité (%)').fill('8');
  await form.getByLabel('Sacs', { exact: true }).fill(String(bags));
  await textOf(form, `${bags * 50} kg en tout`);
  await form.getByRole('button', { name: 'Enregistrer la livraison' }).click();
  // The form clears the member for the next one in the queue.
  await expect.poll(() => form.getByLabel('Membre').inputValue()).toBe('');
}

/** Kofi buys the whole listing through the API, pays by MTN MoMo, the admin hands it over, kofi releases the money. */
async function buyAndPay(kofi: Phone, admin: Phone, group: TGroup): Promise<number> {
  const listings = await expectJson<{ id: number; userId: number; quantity: number }[]>(
    kofi.page.request.get('/api/commodities?limit=100'),
    200,
  );
  const listing = listings.find((l) => l.userId === group.account?.id);
  if (!listing) {
    throw new Error("the co-operative's listing is not on the marketplace");
  }
  const bid = await expectJson<{ id: number }>(
    kofi.page.request.post('/api/bids', {
      data: { commodityId: listing.id, price: 412.5, quantity: listing.quantity },
    }),
    201,
  );
  // The admin accepts for the co-operative, as its agent.
  await expectJson(admin.page.request.patch(`/api/bids/${bid.id}`, { data: { status: 'accepted' } }), 200);
  const [order] = await expectJson<{ id: number; handoverCode: string }[]>(
    kofi.page.request.get('/api/orders?as=buyer&limit=1'),
    200,
  );
  if (!order) {
    throw new Error('no order');
  }
  const arranged = await expectJson<TOrder>(
    admin.page.request.post(`/api/orders/${order.id}/delivery`, { data: { mode: 'pickup' } }),
    201,
  );
  const started = await expectJson<{ id: number }>(
    kofi.page.request.post(`/api/orders/${order.id}/mobile-payments`, { data: { provider: 'mtn_momo' } }),
    201,
  );
  await expect
    .poll(
      async () =>
        (
          await expectJson<{ status: string }>(
            kofi.page.request.get(`/api/mobile-payments/${started.id}`),
            200,
          )
        ).status,
      { timeout: 30_000, interval: 500 },
    )
    .toBe('succeeded');
  await expectJson(
    admin.page.request.patch(`/api/deliveries/${arranged.delivery?.id}`, {
      data: { status: 'delivered', code: order.handoverCode },
    }),
    200,
  );
  await expectJson(kofi.page.request.post(`/api/orders/${order.id}/release`), 200);
  // The seller's payout is pooled for the co-operative (the operator keeps it until the settlement).
  await expect
    .poll(
      async () =>
        (await expectJson<TOrder>(kofi.page.request.get(`/api/orders/${order.id}`), 200)).payouts.find(
          (p) => p.kind === 'seller',
        )?.status,
      { timeout: 30_000, interval: 500 },
    )
    .toBe('succeeded');
  return order.id;
}

/** The settlement's panel, opened from the Settlements tab. */
async function openSettlement(page: Page, groupId: number) {
  await page.goto(`/groups/${groupId}?tab=settlements`);
  await page.getByTestId('settlement-row').first().getByRole('button', { name: 'Ouvrir' }).click();
  const panel = page.getByTestId('settlement-panel');
  await visible(panel);
  return panel;
}

describe('co-operative', () => {
  it('a keeper records intakes offline, the admin sells the bulk lot and approves the settlement, members are paid', async () => {
    const admin = await phone();
    const keeper = await phone();
    // amina and esther have proven numbers (paid by mobile money); the new member has none (paid in cash).
    const amina = await phone('amina');
    const esther = await phone('esther');
    const newcomer = await phone();
    const kofi = await phone('kofi');
    const people = [admin, keeper, amina, esther, newcomer, kofi];
    try {
      const group = await coopOf(admin, keeper, [amina, esther, newcomer]);

      // The keeper opens the Intakes tab online (members and the store load), then loses the connection.
      const { page } = keeper;
      await page.goto(`/groups/${group.id}?tab=intakes`);
      await visible(page.getByRole('heading', { level: 1, name: group.name }));
      const form = page.getByTestId('intake-form');
      await form.getByRole('option', { name: newcomer.username }).waitFor({ state: 'attached' });
      await expect.poll(() => form.getByLabel('Magasin').inputValue()).not.toBe('');
      await fitsThePhone(page, 'intakes');
      await keeper.context.setOffline(true);

      const deliveries = [
        { member: amina, bags: 6 },
        { member: esther, bags: 10 },
        { member: newcomer, bags: 4 },
      ];
      for (const { member, bags } of deliveries) {
        await recordIntake(page, member.username, bags);
      }
      await visible(toastWith(page, 'Enregistrée sur ce téléphone'));
      await expect.poll(() => page.getByTestId('intake-waiting').count()).toBe(3);
      await textOf(page.getByTestId('intake-waiting').first(), 'En attente d’envoi');
      await fitsThePhone(page, 'intakes waiting');

      // Back online: the three land, in the order they were recorded, and none waits any more.
      await keeper.context.setOffline(false);
      await expect
        .poll(() => page.getByTestId('intake-row').count(), { timeout: 30_000, interval: 500 })
        .toBe(3);
      await expect.poll(() => page.getByTestId('intake-waiting').count(), { timeout: 15_000 }).toBe(0);
      const intakes = (
        await expectJson<{ data: TIntake[] }>(page.request.get(`/api/groups/${group.id}/intakes`), 200)
      ).data;
      // Newest first: the reverse of the order recorded, each with its weight.
      expect(intakes.map((i) => [i.member.id, Math.round(i.quantity * 1000)])).toEqual(
        [...deliveries].reverse().map(({ member, bags }) => [member.id, bags * 50]),
      );
      const aminaIntake = intakes.find((i) => i.member.id === amina.id);
      await textOf(page.getByTestId('intake-row').last(), `Réf. ${aminaIntake?.reference}`);

      // amina's receipt, in French, with its reference (by SMS where a provider is set; the e2e server has none).
      await expect
        .poll(async () => {
          const inbox = await expectJson<TNotification[]>(amina.page.request.get('/api/notifications'), 200);
          return inbox.find((n) => n.type === 'coop_intake' && n.text.includes(group.name))?.text ?? '';
        })
        .toContain(`reçu ${aminaIntake?.reference} : 300 kg`);

      // The admin sells the bulk lot on the marketplace from the Bulk lots tab.
      await admin.page.goto(`/groups/${group.id}?tab=lots`);
      const lot = admin.page.getByTestId('bulk-lot');
      await textOf(lot, 'Qualité B');
      await textOf(lot, '3 membres');
      await fitsThePhone(admin.page, 'bulk lots');
      await lot.getByRole('button', { name: 'Vendre sur le marché' }).click();
      const sell = admin.page.getByRole('dialog');
      await textOf(sell, '1 t libres');
      expect(await sell.getByLabel('Quantité (t)').inputValue()).toBe('1');
      await sell.getByLabel('Prix à la tonne').fill(PRICE);
      await fitsThePhone(admin.page, 'sell dialog');
      await sell.getByRole('button', { name: 'Mettre en vente' }).click();
      await visible(toastWith(admin.page, 'Le lot est en vente sur le marché'));
      await hidden(sell);
      await textOf(lot, 'Fermé');

      // kofi buys it, pays into escrow, collects it with his code and releases the money.
      await buyAndPay(kofi, admin, group);

      // The admin computes the settlement of the sold lot, checks it and approves it.
      await admin.page.goto(`/groups/${group.id}?tab=settlements`);
      await admin.page.getByRole('button', { name: 'Nouveau règlement' }).click();
      const create = admin.page.getByRole('dialog');
      await create.getByRole('checkbox').first().check();
      await create.getByRole('button', { name: 'Calculer les parts' }).click();
      await visible(toastWith(admin.page, 'Brouillon de règlement calculé'));
      const panel = admin.page.getByTestId('settlement-panel');
      await visible(panel);
      await expect.poll(() => panel.getByTestId('share-row').count()).toBe(3);
      const [draft] = (
        await expectJson<{ data: TSettlement[] }>(
          admin.page.request.get(`/api/groups/${group.id}/settlements`),
          200,
        )
      ).data;
      // 1 t at $412.50: the levy is 5 % of each gross share, and the shares add up to the proceeds.
      expect(draft?.proceeds).toBe(41_250);
      expect(draft?.totals.gross).toBe(41_250);
      expect(plain(await panel.getByTestId('settlement-total-net').textContent())).toContain(
        dollars(draft?.totals.net ?? Number.NaN),
      );
      await fitsThePhone(admin.page, 'settlement draft');
      await panel.getByRole('button', { name: 'Approuver et payer' }).click();
      const confirm = admin.page.getByRole('dialog', { name: 'Approuver ce règlement ?' });
      await textOf(confirm, 'Par mobile money : 2. En espèces (numéro non vérifié) : 1.');
      await confirm.getByRole('button', { name: /^Payer / }).click();
      await visible(toastWith(admin.page, 'Règlement approuvé'));

      // Each member's payout: amina's and esther's reach their numbers, the newcomer's is to be paid in cash.
      await expect
        .poll(
          async () => {
            const settlement = await expectJson<TSettlement>(
              admin.page.request.get(`/api/groups/${group.id}/settlements/${draft?.id}`),
              200,
            );
            return settlement.shares.map((s) => [s.member.id, s.payout.status]).sort();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toEqual(
          [
            [amina.id, 'succeeded'],
            [esther.id, 'succeeded'],
            [newcomer.id, 'cash_due'],
          ].sort(),
        );
      const shown = await openSettlement(admin.page, group.id);
      const share = (member: Phone) => shown.getByTestId('share-row').filter({ hasText: member.username });
      await textOf(share(amina), 'Payé');
      await textOf(share(esther), 'Payé');
      await textOf(share(newcomer), 'À payer en espèces');
      await visible(share(newcomer).getByRole('button', { name: 'Payé en espèces' }));
      await fitsThePhone(admin.page, 'settlement approved');

      // amina reads her share on her statement.
      const statement = await expectJson<TMemberStatement>(
        amina.page.request.get(`/api/groups/${group.id}/statement`),
        200,
      );
      const mine = statement.shares[0];
      expect(mine?.payout.status).toBe('succeeded');
      await amina.page.goto(`/groups/${group.id}?tab=statement`);
      const line = amina.page.getByTestId('statement-share');
      await textOf(line, 'Payé');
      await expect
        .poll(async () => plain(await line.first().textContent()))
        .toContain(dollars(mine?.net ?? Number.NaN));
      await fitsThePhone(amina.page, 'statement');

      // Every tab of the group page fits the small phone, for its admin and for a member; so does the network's
      // Groups tab, with the co-operative among the admin's groups.
      const findings: Finding[] = [];
      for (const person of [admin, amina]) {
        await person.page.goto(`/groups/${group.id}`);
        await settled(person.page);
        findings.push(...(await walkScreens(person.page, [`/groups/${group.id}`])));
      }
      await admin.page.goto('/network?tab=groups');
      await textOf(admin.page.getByRole('main'), group.name);
      findings.push(...(await inspectScreen(admin.page, 'network groups')));
      expect(report(findings)).toBe('');
    } finally {
      await Promise.all(people.map((person) => person.restore()));
    }
  }, 120_000);
});
