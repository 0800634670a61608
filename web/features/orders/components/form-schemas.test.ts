import { describe, expect, it } from 'vitest';
import { ARRANGE_DEFAULTS, arrangeForm } from './arrange-form';
import { handOverForm, mobilePayForm, paymentDefaults, paymentForm, resolutionForm } from './form-schemas';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('order form schemas', () => {
  it('leave blank optional fields out of a payment', () => {
    const result = paymentForm.safeParse({ amount: '12,50', method: 'cash', reference: ' ', paidAt: '' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ amount: '12,50', method: 'cash' });
  });

  it('open a payment with the amount still due, as the language writes it, which the form then accepts', () => {
    expect(paymentDefaults(640, 'en', '2026-03-01')).toEqual({
      amount: '640',
      method: '',
      reference: '',
      paidAt: '2026-03-01',
    });
    const french = paymentDefaults(1234.5, 'fr', '2026-03-01');
    expect(french.amount).toBe('1234,5');
    expect(paymentForm.safeParse({ ...french, method: 'cash' }).data).toMatchObject({ amount: '1234,5' });
    // Nothing due: nothing to prefill.
    expect(paymentDefaults(0, 'en', '2026-03-01').amount).toBe('');
  });

  it('say which payment field is missing, with the API schema’s keys', () => {
    const result = paymentForm.safeParse({ amount: '10', method: '', reference: '', paidAt: '' });
    expect(messages(result)).toEqual([['method', 'orders.validation.method']]);
  });

  it('ask a 6-digit code for a hand-over, the weight being optional', () => {
    expect(messages(handOverForm.safeParse({ code: '12345', weighedQuantity: '', weight: '' }))).toEqual([
      ['code', 'orders.validation.code'],
    ]);
    expect(handOverForm.safeParse({ code: '123456', weighedQuantity: '', weight: '' }).data).toEqual({
      status: 'delivered',
      code: '123456',
    });
    // Tons, as every quantity of the API: '0,98' t is 980 kg; a fourth decimal would be less than a kilogram.
    expect(
      handOverForm.safeParse({ code: '123456', weighedQuantity: '0,98', weight: '' }).data?.weighedQuantity,
    ).toBe(0.98);
    expect(
      messages(handOverForm.safeParse({ code: '123456', weighedQuantity: '0,9805', weight: '' })),
    ).toEqual([['weighedQuantity', 'orders.validation.weight']]);
  });

  it('send the buyer’s answer to a weighing beyond the tolerance: blank accepts it, or a dispute', () => {
    const answer = (weight: string) =>
      handOverForm.safeParse({ code: '123456', weighedQuantity: '1,8', weight });
    expect(answer('').data).toEqual({ status: 'delivered', code: '123456', weighedQuantity: 1.8 });
    expect(answer('disputed').data?.weight).toBe('disputed');
    expect(messages(answer('maybe'))).toEqual([['weight', 'orders.validation.weightAnswer']]);
  });

  it('ask an amount for a partial refund only', () => {
    expect(
      messages(
        resolutionForm.safeParse({
          resolution: 'partial_refund',
          amount: '',
          note: 'ok',
          method: '',
          reference: '',
        }),
      ),
    ).toEqual([['amount', 'orders.validation.refundAmount']]);
    expect(
      resolutionForm.safeParse({ resolution: 'refund', amount: '', note: 'ok', method: '', reference: '' })
        .success,
    ).toBe(true);
    // How the refund was paid: a method the payments know, and its reference.
    expect(
      resolutionForm.safeParse({
        resolution: 'refund',
        amount: '',
        note: 'ok',
        method: 'bank',
        reference: 'TRX 9',
      }).data,
    ).toEqual({ resolution: 'refund', note: 'ok', method: 'bank', reference: 'TRX 9' });
  });
});

describe('the arrange-delivery form', () => {
  const filled = {
    ...ARRANGE_DEFAULTS,
    choice: '7',
    fromName: ' Bafoussam market ',
    fromLatitude: '5.4781',
    fromLongitude: '10.4176',
    toName: 'Dschang',
    windowFrom: '2026-12-01T08:00',
    windowTo: '2026-12-01T12:30',
    fee: '35,5',
    feePaidBy: 'seller',
  };

  it('sends the driver with places, the pin, the window as instants and the fee', () => {
    const result = arrangeForm.safeParse(filled);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      driverId: 7,
      from: { name: ' Bafoussam market ', latitude: 5.4781, longitude: 10.4176 },
      to: { name: 'Dschang' },
      window: {
        from: new Date(2026, 11, 1, 8, 0).toISOString(),
        to: new Date(2026, 11, 1, 12, 30).toISOString(),
      },
      fee: { amount: '35,5', paidBy: 'seller' },
    });
  });

  it('sends a driver alone or a pick-up when nothing else is filled', () => {
    expect(arrangeForm.safeParse({ ...ARRANGE_DEFAULTS, choice: '7' }).data).toEqual({ driverId: 7 });
    expect(arrangeForm.safeParse({ ...filled, choice: 'pickup' }).data).toEqual({ mode: 'pickup' });
  });

  it('says under each field what is wrong, with the API schema’s keys', () => {
    expect(messages(arrangeForm.safeParse(ARRANGE_DEFAULTS))).toEqual([
      ['choice', 'orders.validation.deliveryChoice'],
    ]);
    const wrong = arrangeForm.safeParse({
      ...filled,
      fromName: '',
      windowTo: '2026-12-01T07:00',
      fee: '20',
      feePaidBy: '',
    });
    expect(messages(wrong)).toEqual([
      ['fromName', 'orders.validation.place'],
      ['windowTo', 'orders.validation.windowOrder'],
      ['feePaidBy', 'orders.validation.feePayer'],
    ]);
  });

  it('take a mobile-money number as it is read aloud, and leave a blank one to the buyer’s proven number', () => {
    expect(mobilePayForm.safeParse({ provider: 'mtn_momo', phone: '+237 670-00.00 01' }).data).toEqual({
      provider: 'mtn_momo',
      phone: '237670000001',
    });
    expect(mobilePayForm.safeParse({ provider: 'orange_money', phone: '  ' }).data).toEqual({
      provider: 'orange_money',
    });
    expect(messages(mobilePayForm.safeParse({ provider: 'mtn_momo', phone: '+237 6x0' }))).toEqual([
      ['phone', 'payments.validation.phone'],
    ]);
  });
});
