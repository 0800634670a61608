// Browser flow of notifications: a comment on a farmer's post reaches them live as an unread badge; on a phone, in
// French, they read it in the panel and mark everything read.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hidden,
  launch,
  openPage,
  PHONE,
  registerViaUi,
  seriousViolations,
  textOf,
  visible,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('notifications', () => {
  it('shows a comment on my post as unread, in French on a phone, until I mark all read', async () => {
    const farmer = await openPage(browser, { viewport: PHONE });
    await registerViaUi(farmer.page, { role: 'farmer' });
    const post = await farmer.page.request.post('/api/posts', {
      data: { content: 'Manioc prêt à Ebolowa' },
    });
    expect(post.status()).toBe(201);
    const postId: number = (await post.json()).id;
    // A first post earns an achievement, which is notified too: read it, so that only the comment is unread.
    const read = await farmer.page.request.post('/api/notifications/read', { data: { all: true } });
    expect(read.status()).toBe(204);

    const { page } = farmer;
    await page.getByRole('button', { name: /^(Open menu|Ouvrir le menu)/ }).click();
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/user/language') && res.ok());
    await page.getByRole('button', { name: 'Français' }).click();
    await saved;
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await visible(bell);
    expect(await page.getByTestId('unread-badge').count()).toBe(0);

    const commenter = await openPage(browser);
    const commenterName = await registerViaUi(commenter.page);
    const comment = await commenter.page.request.post(`/api/posts/${postId}/comments`, {
      data: { content: 'Quelle variété ?' },
    });
    expect(comment.status()).toBe(201);

    // The live event brings the count without a reload.
    await visible(page.getByRole('button', { name: 'Notifications, 1 non lue' }));
    await textOf(page.getByTestId('unread-badge'), '1');
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await visible(panel);
    const item = panel.getByRole('listitem').first();
    await textOf(item, `${commenterName} a commenté votre publication : « Quelle variété ? »`);
    await textOf(item, 'Non lue');
    expect(await seriousViolations(page)).toEqual([]);
    // Opening the panel reads nothing by itself.
    expect(await (await page.request.get('/api/notifications/unread-count')).json()).toEqual({ count: 1 });

    const markAll = panel.getByRole('button', { name: 'Tout marquer comme lu' });
    await markAll.click();
    await expect.poll(() => markAll.isDisabled()).toBe(true);
    await expect.poll(() => item.textContent()).not.toContain('Non lue');
    await panel.getByRole('button', { name: 'Fermer', exact: true }).click();
    await hidden(panel);
    await visible(page.getByRole('button', { name: 'Notifications', exact: true }));
    expect(await page.getByTestId('unread-badge').count()).toBe(0);

    await commenter.context.close();
    await farmer.context.close();
  });

  it('pages the list and follows a notification to what it is about, marking it read', async () => {
    const farmer = await openPage(browser);
    await registerViaUi(farmer.page, { role: 'farmer' });
    const post = await farmer.page.request.post('/api/posts', { data: { content: 'Cocoa drying tips' } });
    const postId: number = (await post.json()).id;
    await farmer.page.request.post('/api/notifications/read', { data: { all: true } });
    const commenter = await openPage(browser);
    await registerViaUi(commenter.page);
    // One more than a page.
    for (let i = 1; i <= 21; i += 1) {
      const res = await commenter.page.request.post(`/api/posts/${postId}/comments`, {
        data: { content: `Question ${i}` },
      });
      expect(res.status()).toBe(201);
    }

    const { page } = farmer;
    await visible(page.getByRole('button', { name: 'Notifications, 21 unread' }));
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await textOf(panel.getByRole('listitem').first(), '“Question 21”');
    expect(await panel.getByRole('listitem').count()).toBe(20);
    await panel.getByRole('button', { name: 'Load more' }).click();
    // The comments and, read, the achievement of the first post.
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(22);
    expect(await panel.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await panel.getByRole('link', { name: /“Question 21”/ }).click();
    await hidden(panel);
    await page.waitForURL(/\/network$/);
    await visible(page.getByRole('button', { name: 'Notifications, 20 unread' }));

    await commenter.context.close();
    await farmer.context.close();
  });

  it('fires a saved search when a matching listing appears, and opens the marketplace filtered as saved', async () => {
    const crop = `Fonio${Date.now()}`;
    const buyer = await openPage(browser);
    await registerViaUi(buyer.page, { role: 'buyer' });
    const saved = await buyer.page.request.post('/api/saved-searches', {
      data: { name: 'Cheap fonio', query: crop, grade: 'B', maxPrice: 400 },
    });
    expect(saved.status()).toBe(201);
    const farmer = await openPage(browser);
    await registerViaUi(farmer.page, { role: 'farmer' });
    for (const [name, price] of [
      [`${crop} of Kindia`, 395],
      [`${crop} premium`, 480],
    ] as const) {
      const listed = await farmer.page.request.post('/api/commodities', {
        data: { name, quantity: 2, price, grade: 'B', status: 'available' },
      });
      expect(listed.status()).toBe(201);
    }

    const { page } = buyer;
    await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }));
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: /New listing for your search “Cheap fonio”/ });
    await textOf(item, `${crop} of Kindia at $395`);
    await item.click();
    await hidden(panel);
    await page.waitForURL(/\/marketplace\?/);
    await visible(page.getByTestId('search-filter'));
    const rows = page.getByTestId('commodity-row');
    await textOf(rows.first(), `${crop} of Kindia`);
    // The dearer lot is not in the saved search.
    expect(await rows.filter({ hasText: `${crop} premium` }).count()).toBe(0);

    await farmer.context.close();
    await buyer.context.close();
  });

  it('tells a buyer on a phone, in French, that they were outbid', async () => {
    const crop = `Sorgho${Date.now()}`;
    const farmer = await openPage(browser);
    await registerViaUi(farmer.page, { role: 'farmer' });
    const listed = await farmer.page.request.post('/api/commodities', {
      data: { name: crop, quantity: 5, price: 300, grade: 'A', status: 'available' },
    });
    const { id: commodityId } = (await listed.json()) as { id: number };
    const first = await openPage(browser, { viewport: PHONE });
    await registerViaUi(first.page, { role: 'buyer' });
    expect(
      (
        await first.page.request.post('/api/bids', { data: { commodityId, price: 250, quantity: 1 } })
      ).status(),
    ).toBe(201);
    const { page } = first;
    await page.getByRole('button', { name: /^(Open menu|Ouvrir le menu)/ }).click();
    const french = page.waitForResponse((res) => res.url().endsWith('/api/user/language') && res.ok());
    await page.getByRole('button', { name: 'Français' }).click();
    await french;

    const second = await openPage(browser);
    await registerViaUi(second.page, { role: 'buyer' });
    expect(
      (
        await second.page.request.post('/api/bids', { data: { commodityId, price: 262.5, quantity: 1 } })
      ).status(),
    ).toBe(201);

    await visible(page.getByRole('button', { name: 'Notifications, 1 non lue' }));
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await textOf(
      panel.getByRole('listitem').first(),
      `Votre offre sur ${crop} est dépassée : la meilleure offre est maintenant de 262,50\u00a0$US la tonne.`,
    );

    for (const party of [farmer, first, second]) {
      await party.context.close();
    }
  });
});
