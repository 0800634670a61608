// Browser flows of the network: post, comment, react, connect and accept, the feed's pages, in English and French.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../server/test/images';
import {
  launch,
  myId,
  openPage,
  PHONE,
  registerViaUi,
  seriousViolations,
  TEXT_TIMEOUT_MS,
  textOf,
  uniqueName,
  visible,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openNetwork(page: Page) {
  await page.getByRole('link', { name: /^(Network|Réseau)$/ }).click();
  await page.waitForURL(/\/network$/);
  await visible(page.getByRole('article').first());
}

/** A toast in the notifications region (Radix's role=status copy is only there for a moment, to announce it). */
const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ hasText: text });

describe('network feed', () => {
  it('posts, comments (not while blank) and reacts', async () => {
    const { context, page } = await openPage(browser);
    const username = await registerViaUi(page);
    await openNetwork(page);

    const box = page.getByLabel('Share with the Network');
    const postButton = page.getByRole('button', { name: 'Post', exact: true });
    expect(await postButton.isDisabled()).toBe(true);
    await box.fill('   ');
    expect(await postButton.isDisabled()).toBe(true);
    const text = `Cassava cuttings ready in Ebolowa <b>${uniqueName('lot')}</b>`;
    await box.fill(text);
    // The author says what the post is: an offer of help here, shown as such (not every post an insight).
    await page.getByRole('radio', { name: 'Offer of help' }).check();
    // A picture (a PNG made here), shrunk on the phone with its thumbnail before it is sent.
    await page.getByLabel('Add photos').setInputFiles({
      name: 'cuttings.png',
      mimeType: 'image/png',
      buffer: tinyPng({ size: 48, rgb: [60, 140, 60] }),
    });
    await visible(page.getByRole('img', { name: 'Photo 1' }));
    await postButton.click();
    // A first post also earns an achievement, whose toast may replace this one (one toast at a time).
    await visible(toast(page, /Post created successfully|First Post/));
    // The achievement toast comes over the live stream and may show before the post's answer (and the feed
    // refetch it waits for) has cleared the box.
    await expect.poll(() => box.inputValue()).toBe('');

    const post = page.getByRole('article', { name: `Post by ${username}` }).first();
    await textOf(post, text); // shown as text, markup and all
    await textOf(post, 'Offer of help');
    expect(await page.getByRole('radio', { name: 'Insight' }).isChecked()).toBe(true);
    expect(await post.locator('b').count()).toBe(0);
    await textOf(post, 'less than a minute ago');
    // The post shows its picture's thumbnail, loaded.
    const picture = post.getByRole('img', { name: 'Photo 1' });
    await expect
      .poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);

    const commentBox = post.getByLabel('Add a comment');
    const commentButton = post.getByRole('button', { name: 'Comment', exact: true });
    expect(await commentButton.isDisabled()).toBe(true);
    await commentBox.fill('    ');
    expect(await commentButton.isDisabled()).toBe(true);
    await commentBox.fill('Which variety are they?');
    expect(await commentButton.isDisabled()).toBe(false);
    await commentButton.click();
    await visible(toast(page, 'Comment added successfully'));
    await textOf(post.getByRole('list').last(), 'Which variety are they?');
    expect(await commentBox.inputValue()).toBe('');

    const like = post.getByRole('button', { name: /^Like/ });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await visible(toast(page, 'Reaction added successfully'));
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await textOf(like, '1');
    await like.click();
    await visible(toast(page, 'Reaction removed'));
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await textOf(like, '0');

    // The post survives a reload (it is stored), and the author may delete it.
    await page.reload();
    await textOf(page.getByRole('article', { name: `Post by ${username}` }).first(), text);
    await context.close();
  });

  it('loads more posts as the reader scrolls to the end, and the quick actions work', async () => {
    const { context, page } = await openPage(browser, { viewport: PHONE });
    await registerViaUi(page);
    await page.goto('/network');
    await visible(page.getByRole('article').first());
    const first = await page.getByRole('article').count();
    expect(first).toBe(20);
    await page.getByRole('button', { name: 'Start Discussion' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('network-post-content');
    await visible(page.getByRole('button', { name: /Load more|Loading more/ }));
    // A reader flinging to the end, again while it moves: until the first page is drawn whole, its posts grow and
    // scroll anchoring keeps the post in view still, so the end can drift more than a screen below (a loaded CPU,
    // reproduced with 8× CPU throttling). The next page then comes from the server, as long as a loaded machine takes.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return page.getByRole('article').count();
        },
        { timeout: TEXT_TIMEOUT_MS },
      )
      .toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Find Members' }).click();
    await page.waitForURL(/\/users$/);
    await context.close();
  });

  it('has no serious or critical axe violation on the feed and the connections tab', async () => {
    const { context, page } = await openPage(browser);
    await registerViaUi(page);
    await openNetwork(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Connections' }).click();
    await visible(page.getByText('Network Members'));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('connections', () => {
  it('connects two users: the asked user accepts, both see it accepted', async () => {
    const asker = await openPage(browser);
    const askerName = await registerViaUi(asker.page);
    const asked = await openPage(browser);
    const askedName = await registerViaUi(asked.page);

    await openNetwork(asked.page);
    await asked.page.getByRole('tab', { name: 'Connections' }).click();
    await visible(asked.page.getByText('No network members yet'));
    await visible(asked.page.getByText('Not connected with anyone yet'));

    // The users directory's Connect button calls the same endpoint.
    const res = await asker.page.request.post('/api/connections', {
      data: { userId: await myId(asked.page) },
    });
    expect(res.status()).toBe(201);

    // The live event (or the refetch) brings the request in without a reload.
    const members = asked.page.locator('li').filter({ hasText: askerName });
    await visible(members);
    await textOf(members, 'Pending');
    await textOf(members, 'Since');
    await members.getByRole('button', { name: `Accept ${askerName}` }).click();
    // A first connection also earns an achievement, whose toast may replace this one.
    await visible(toast(asked.page, /Connection accepted|First Connection/));
    await textOf(asked.page.locator('li').filter({ hasText: askerName }), 'Accepted');

    await openNetwork(asker.page);
    await asker.page.getByRole('tab', { name: 'Connections' }).click();
    const following = asker.page.locator('li').filter({ hasText: askedName });
    await textOf(following, 'Accepted');
    await visible(asker.page.getByText('No network members yet'));
    await asker.context.close();
    await asked.context.close();
  });
});

describe('in French', () => {
  it('posts, comments and accepts a connection in French', async () => {
    const { context, page } = await openPage(browser, { locale: 'fr-FR' });
    const username = await registerViaUi(page);
    await page.getByRole('button', { name: 'Français' }).click();
    await openNetwork(page);
    await visible(page.getByRole('tab', { name: "Fil d'actualité" }));
    await visible(page.getByText('Aperçu du réseau'));
    // The overview's figures are the server's counts, not the spec's fixed 152 / 28 / 5.
    const counts = await (await page.request.get('/api/network/overview')).json();
    for (const key of ['connectedFarmers', 'activeDiscussions', 'recentEvents'] as const) {
      await textOf(page.getByTestId(`overview-${key}`), new Intl.NumberFormat('fr-FR').format(counts[key]));
    }

    const publish = page.getByRole('button', { name: 'Publier', exact: true });
    expect(await publish.isDisabled()).toBe(true);
    await page.getByLabel('Partager avec le réseau').fill('Les pluies sont arrivées à Dschang.');
    await publish.click();
    await visible(toast(page, /Publication créée avec succès|Première publication/));
    const post = page.getByRole('article', { name: `Publication de ${username}` }).first();
    await textOf(post, 'Les pluies sont arrivées à Dschang.');
    await textOf(post, 'il y a moins d’une minute');

    const comment = post.getByRole('button', { name: 'Commenter', exact: true });
    expect(await comment.isDisabled()).toBe(true);
    await post.getByLabel('Ajouter un commentaire').fill('  ');
    expect(await comment.isDisabled()).toBe(true);
    await post.getByLabel('Ajouter un commentaire').fill('Bonne nouvelle !');
    await comment.click();
    await visible(toast(page, 'Commentaire ajouté avec succès'));
    await post.getByRole('button', { name: /^Utile/ }).click();
    await visible(toast(page, 'Réaction ajoutée avec succès'));

    const other = await openPage(browser);
    const otherName = await registerViaUi(other.page);
    const res = await other.page.request.post('/api/connections', { data: { userId: await myId(page) } });
    expect(res.status()).toBe(201);
    await page.getByRole('tab', { name: 'Relations' }).click();
    const row = page.locator('li').filter({ hasText: otherName });
    await textOf(row, 'En attente');
    await textOf(row, 'Depuis le');
    await visible(row.getByRole('button', { name: `Refuser ${otherName}` }));
    await row.getByRole('button', { name: `Accepter ${otherName}` }).click();
    await visible(toast(page, /Relation acceptée|Première relation/));
    await textOf(page.locator('li').filter({ hasText: otherName }), 'Acceptée');
    await other.context.close();
    await context.close();
  });
});
