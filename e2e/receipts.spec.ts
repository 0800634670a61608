// A deposit receipt's page is public: a lender or buyer opens /receipts/<code> without an account, on a small
// French phone, and reads the receipt or, for a code that is none, only "not found" (never the sign-in screen).
// The receipt found is proven once the stock routes serve one (server/stock's API tests prove its fields).
import { describe, expect, it } from 'vitest';
import { openPage, SMALL_PHONE, seriousViolations, sharedBrowser, visible } from './browser';

const browser = sharedBrowser();

describe('deposit receipt page', () => {
  it('says only "not found" for a wrong code, signed out, in French, and stays on its address', async () => {
    const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
    await page.goto('/receipts/AAAAAAAAAA');
    await visible(page.getByRole('heading', { name: /Récépissé de dépôt/ }));
    await visible(page.getByText('Récépissé introuvable.'));
    expect(new URL(page.url()).pathname).toBe('/receipts/AAAAAAAAAA');
    expect(await page.getByRole('heading', { name: 'Bon retour parmi nous' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The reader may switch language on the page itself.
    await page.getByRole('button', { name: 'English' }).click();
    await visible(page.getByText('Receipt not found.'));
    await context.close();
  });
});
