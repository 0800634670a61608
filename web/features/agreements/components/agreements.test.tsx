// The agreements' screens drawn from sample answers in both languages: the list (counterpart, pricing in words,
// deposit, whose turn), the detail's buttons for each side and state, the proposal form with the deposit it comes
// to, and no text missing from the catalogues.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DEPLOYMENT, startDeployment } from '../../../lib/deployment';
import { agreementsQuery } from '../../../lib/queries/forward-agreements';
import { AMINA, KOFI, sampleAgreement } from '../agreement-sample';
import { AgreementView } from './agreement-page';
import { AgreementsPage } from './agreements-page';
import { ProposalPage } from './proposal-page';
import { draw, translator } from './test-render';

const kofi = { ...KOFI, role: 'buyer' as const };
const amina = { ...AMINA, role: 'farmer' as const };
const claire = { id: 99, username: 'claire', role: 'manager' as const };
/** Text as drawn, with the formatters' narrow and non-breaking spaces made plain. */
const plain = (html: string) => html.replace(/[\u00a0\u202f]/g, ' ').replace(/&#x27;|&#39;/g, "'");
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>(?:<svg.*?<\/svg>)?([^<]+)</g)].map((m) => m[1]);

afterEach(() => startDeployment(DEFAULT_DEPLOYMENT));

describe('AgreementsPage', () => {
  const list = [
    sampleAgreement(),
    sampleAgreement({
      id: 13,
      status: 'active',
      turn: null,
      pricing: { kind: 'floor', floor: 250, sharePercent: 90 },
      delivered: 2,
    }),
  ];

  it.each(['en', 'fr'] as const)('draws the list in %s with no text missing', async (language) => {
    const missing: string[] = [];
    const html = draw(await translator(language, missing), <AgreementsPage />, {
      reader: kofi,
      answers: [[agreementsQuery(null).queryKey, list]],
    });
    expect(html.match(/data-testid="agreement-line"/g)).toHaveLength(2);
    expect(missing).toEqual([]);
  });

  it('says with whom, the pricing in words, the deposit and whose turn it is', async () => {
    const en = plain(
      draw(await translator('en'), <AgreementsPage />, {
        reader: kofi,
        answers: [[agreementsQuery(null).queryKey, list]],
      }),
    );
    expect(en).toContain('No. 12: 5 t of Maize, grade A');
    expect(en).toContain('With amina (seller)');
    expect(en).toContain('$300.00 per t');
    expect(en).toContain('90 % of the market price, never less than $250.00 per t');
    expect(en).toContain('Deposit $150.00 (10 %)');
    expect(en).toContain('Waiting for amina');
    expect(en).toContain('2 t delivered');
    expect(en).toContain('href="/agreements/13"');
    const fr = plain(
      draw(await translator('fr'), <AgreementsPage />, {
        reader: amina,
        answers: [[agreementsQuery(null).queryKey, list]],
      }),
    );
    expect(fr).toContain('Avec kofi (acheteur)');
    expect(fr).toContain('300,00 $US la tonne');
    expect(fr).toContain('Votre réponse est attendue');
  });
});

describe('AgreementView', () => {
  const view = async (
    agreement: ReturnType<typeof sampleAgreement>,
    reader: typeof kofi | typeof amina | typeof claire,
    today: string,
    missing: string[] = [],
  ) =>
    plain(
      draw(await translator('en', missing), <AgreementView agreement={agreement} today={today} />, {
        reader,
      }),
    );

  it('offers the seller on their turn Accept, Counter and Decline, and the buyer only Withdraw', async () => {
    const missing: string[] = [];
    const seller = await view(sampleAgreement(), amina, '2026-12-01', missing);
    expect(buttons(seller)).toEqual(['Accept', 'Counter', 'Decline', 'Link']);
    expect(seller).toContain('Your answer is awaited');
    const buyer = await view(sampleAgreement(), kofi, '2026-12-01', missing);
    expect(buttons(buyer)).toEqual(['Withdraw']);
    // The dialogs' close button is the app's common text.
    expect(missing.filter((key) => !key.startsWith('common:'))).toEqual([]);
  });

  it('offers the buyer the deposit by each provider once accepted, and shows a payment waiting', async () => {
    startDeployment({ ...DEFAULT_DEPLOYMENT, mobileMoney: ['mtn_momo', 'orange_money'] });
    const accepted = sampleAgreement({ status: 'accepted', turn: null });
    expect(buttons(await view(accepted, kofi, '2026-12-01'))).toEqual([
      'Pay the deposit with MTN MoMo',
      'Pay the deposit with Orange Money',
      'Withdraw',
    ]);
    const waiting = await view(
      {
        ...accepted,
        depositPayment: { id: 4, status: 'pending', amount: 150, paymentUrl: 'https://pay.example/4' },
      },
      kofi,
      '2026-12-01',
    );
    expect(waiting).toContain('$150.00 asked of your wallet');
    expect(waiting).toContain('href="https://pay.example/4"');
    expect(waiting).not.toContain('Pay the deposit with');
  });

  it('offers the seller Deliver in the window, with the deliveries linked to their orders', async () => {
    const active = sampleAgreement({
      status: 'active',
      turn: null,
      delivered: 2,
      remaining: 3,
      maxMore: 3.25,
      depositHeld: 90,
      deliveries: [
        {
          orderId: 55,
          quantity: 2,
          price: 300,
          total: 600,
          depositApplied: 60,
          advanceRecovered: 0,
          status: 'completed',
          createdAt: '2027-01-15T08:00:00.000Z',
        },
      ],
      plan: { planId: 8, expected: 4, status: 'active', flag: 'short' },
    });
    const html = await view(active, amina, '2027-01-20');
    expect(buttons(html)).toContain('Deliver');
    expect(html).toContain('href="/orders?order=55"');
    expect(html).toContain('Deposit held in escrow: $90.00');
    expect(html).toContain('Plan no. 8 expects 4 t against 5 t agreed.');
    expect(html).toContain('below the agreed quantity');
    expect(buttons(await view(active, amina, '2026-12-01'))).not.toContain('Deliver');
    expect(buttons(await view(active, kofi, '2027-01-20'))).toEqual([]);
  });

  it('offers a party Dispute past the window before settlement, and a manager Resolve on a dispute', async () => {
    const ending = sampleAgreement({ status: 'active', turn: null, maxMore: 0 });
    expect(buttons(await view(ending, kofi, '2027-03-05'))).toEqual(['Dispute']);
    const settled = sampleAgreement({ status: 'defaulted_by_seller', turn: null });
    expect(buttons(await view(settled, kofi, '2027-03-05'))).toEqual([]);
    const disputed = sampleAgreement({ status: 'disputed', turn: null, note: 'Never delivered' });
    expect(buttons(await view(disputed, claire, '2027-03-05'))).toEqual(['Resolve']);
    expect(buttons(await view(disputed, kofi, '2027-03-05'))).toEqual([]);
  });
});

describe('ProposalPage', () => {
  it.each(['en', 'fr'] as const)(
    'draws the form in %s for the seller the address names',
    async (language) => {
      const missing: string[] = [];
      const html = plain(
        draw(await translator(language, missing), <ProposalPage />, {
          reader: kofi,
          path: '/agreements/new',
          search: 'seller=1&name=amina',
        }),
      );
      expect(html).toContain(language === 'en' ? 'To: amina' : 'À : amina');
      expect(html).toContain('data-testid="deposit-preview"');
      expect(html).toContain(
        language === 'en' ? 'once the quantity and the price' : 'une fois la quantité et le prix',
      );
      expect(missing.filter((key) => !key.startsWith('common:'))).toEqual([]);
    },
  );

  it('says where a proposal starts when the address names no one', async () => {
    const html = draw(await translator('en'), <ProposalPage />, { reader: kofi, path: '/agreements/new' });
    expect(html).toContain('Open this form from a farmer');
    expect(html).not.toContain('<form');
  });
});
