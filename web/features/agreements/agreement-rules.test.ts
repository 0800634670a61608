// The buttons offered on an agreement follow the server's rules: whose turn it is, one counter, the deposit once
// accepted, deliveries only while active and in the window, disputes after it, a manager's resolution.
import { describe, expect, it } from 'vitest';
import { actionsFor, sideOf } from './agreement-rules';
import { AMINA, KOFI, sampleAgreement } from './agreement-sample';

const seller = { id: AMINA.id, role: 'farmer' as const };
const buyer = { id: KOFI.id, role: 'buyer' as const };
const manager = { id: 99, role: 'manager' as const };
const before = '2026-12-01';
const during = '2027-01-20';
const after = '2027-03-05';

describe('sideOf', () => {
  it("takes the server's answer first: a co-operative's admin acts on its seller's side", () => {
    expect(sideOf(sampleAgreement({ you: 'seller' }), { id: 99, role: 'farmer' })).toBe('seller');
  });

  it('names the reader’s side, or none', () => {
    expect(sideOf(sampleAgreement(), seller)).toBe('seller');
    expect(sideOf(sampleAgreement(), buyer)).toBe('buyer');
    expect(sideOf(sampleAgreement(), manager)).toBeNull();
  });
});

describe('actionsFor', () => {
  it('lets the seller accept, decline or counter a proposal on their turn; the buyer may only withdraw', () => {
    const proposed = sampleAgreement();
    expect(actionsFor(proposed, seller, before)).toEqual(['accept', 'decline', 'counter', 'linkPlan']);
    expect(actionsFor(proposed, buyer, before)).toEqual(['withdraw']);
    expect(actionsFor(proposed, manager, before)).toEqual([]);
  });

  it('allows one counter: the buyer answers it yes or no, and the seller cannot counter again', () => {
    const countered = sampleAgreement({ status: 'countered', turn: 'buyer', countered: true });
    expect(actionsFor(countered, buyer, before)).toEqual(['accept', 'decline', 'withdraw']);
    expect(actionsFor(countered, seller, before)).toEqual(['linkPlan']);
    const backToSeller = sampleAgreement({ status: 'countered', turn: 'seller', countered: true });
    expect(actionsFor(backToSeller, seller, before)).toEqual(['accept', 'decline', 'linkPlan']);
  });

  it('asks the buyer for the deposit once accepted, until it is paid', () => {
    const accepted = sampleAgreement({ status: 'accepted', turn: null });
    expect(actionsFor(accepted, buyer, before)).toEqual(['withdraw', 'payDeposit']);
    const paying = sampleAgreement({
      status: 'accepted',
      turn: null,
      depositPayment: { id: 4, status: 'succeeded', amount: 150, paymentUrl: null },
    });
    expect(actionsFor(paying, buyer, before)).toEqual(['payDeposit']);
    expect(actionsFor(accepted, seller, before)).toEqual(['linkPlan']);
  });

  it('lets the seller deliver only while active, in the window and short of the most allowed', () => {
    const active = sampleAgreement({ status: 'active', turn: null, depositHeld: 150 });
    expect(actionsFor(active, seller, before)).toEqual(['linkPlan']);
    expect(actionsFor(active, seller, during)).toEqual(['deliver', 'linkPlan']);
    expect(actionsFor({ ...active, maxMore: 0 }, seller, during)).toEqual(['linkPlan']);
    expect(actionsFor(active, buyer, during)).toEqual([]);
  });

  it('lets a party dispute an active one past its window (before it is settled), and a manager resolve a dispute', () => {
    const ending = sampleAgreement({ status: 'active', turn: null, maxMore: 0 });
    expect(actionsFor(ending, buyer, after)).toEqual(['dispute']);
    expect(actionsFor(ending, seller, after)).toEqual(['linkPlan', 'dispute']);
    expect(actionsFor(ending, manager, after)).toEqual([]);
    const settled = sampleAgreement({ status: 'defaulted_by_seller', turn: null });
    expect(actionsFor(settled, buyer, after)).toEqual([]);
    expect(actionsFor(sampleAgreement({ status: 'declined', turn: null }), buyer, after)).toEqual([]);
    const disputed = sampleAgreement({ status: 'disputed', turn: null });
    expect(actionsFor(disputed, manager, after)).toEqual(['resolve']);
    expect(actionsFor(disputed, buyer, after)).toEqual([]);
  });
});
