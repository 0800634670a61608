// Ratings in the browser: after a completed order the buyer (a French phone) rates the seller on the order; the
// seller's profile shows the average, the count and the record; the listing shows the seller's rating.
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  openPage,
  PHONE,
  registerViaUi,
  seriousViolations,
  sharedBrowser,
  textOf,
  toastWith,
  uniqueName,
  visible,
} from './browser';
import { expectJson, sellByApi } from './sale-by-api';

const browser = sharedBrowser();

/** Sells 1 t and completes the order through the API: pick-up handed over with the buyer's code, paid in full. */
async function completedOrder(seller: APIRequestContext, buyer: APIRequestContext, name: string) {
  const { id: orderId } = await sellByApi(seller, buyer, { name, price: 320, quantity: 1 });
  const arranged = await expectJson<{ delivery: { id: number } }>(
    seller.post(`/api/orders/${orderId}/delivery`, { data: { mode: 'pickup' } }),
    201,
  );
  const seen = await expectJson<{ handoverCode: string }>(buyer.get(`/api/orders/${orderId}`), 200);
  await expectJson(
    seller.patch(`/api/deliveries/${arranged.delivery.id}`, {
      data: { status: 'delivered', code: seen.handoverCode },
    }),
    200,
  );
  const paid = await expectJson<{ status: string }>(
    seller.post(`/api/orders/${orderId}/payments`, { data: { amount: 320, method: 'cash' } }),
    201,
  );
  expect(paid.status).toBe('completed');
}

describe('ratings', () => {
  it('lets the buyer rate a completed order, in French on a phone; the seller’s profile and listing show it', async () => {
    const name = uniqueName('Millet');
    const seller = await openPage(browser());
    await registerViaUi(seller.page, { role: 'farmer' });
    const buyer = await openPage(browser(), { viewport: PHONE, locale: 'fr-FR' });
    await registerViaUi(buyer.page, { role: 'buyer' });
    await completedOrder(seller.page.request, buyer.page.request, name);

    // The buyer opens the completed order and rates the seller.
    await buyer.page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await buyer.page.getByRole('link', { name: /^Commandes$/ }).click();
    const card = buyer.page.getByTestId('order-card').filter({ hasText: name });
    await visible(card);
    await card.getByRole('button', { name: 'Voir le détail' }).click();
    await visible(card.getByRole('heading', { name: 'Évaluer cet échange' }));
    await textOf(card, 'ne vous a pas encore évalué');
    await card.getByRole('button', { name: "Envoyer l'évaluation" }).click();
    await visible(card.getByText('Choisissez une note de 1 à 5'));
    await card.getByLabel('Note', { exact: true }).selectOption('4');
    await card.getByLabel('Commentaire (facultatif)').fill('Grain sec, à l’heure');
    await card.getByRole('button', { name: "Envoyer l'évaluation" }).click();
    await visible(toastWith(buyer.page, 'Évaluation enregistrée'));
    await visible(card.getByRole('button', { name: "Modifier l'évaluation" }));
    await textOf(card, 'Vous pouvez la modifier jusqu');
    expect(await seriousViolations(buyer.page)).toEqual([]);

    // The seller's profile: the average, the count, the record and the note.
    await seller.page.goto('/profile');
    const ratings = seller.page.getByTestId('profile-ratings');
    await textOf(ratings.getByTestId('rating-summary'), '4.0 ★ · 1 rating');
    await textOf(ratings.getByTestId('order-record'), 'Completed1');
    await textOf(ratings, 'Grain sec, à l’heure');
    expect(await seriousViolations(seller.page)).toEqual([]);

    // The listing (4 t left) carries the seller's rating for every buyer.
    await buyer.page.goto('/marketplace');
    const row = buyer.page.getByTestId('commodity-row').filter({ hasText: name });
    await visible(row.getByRole('img', { name: 'Noté 4,0 sur 5 par 1 évaluation' }));
  });
});
