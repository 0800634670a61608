// The listing and bid fields start empty in the forms: the schemas must refuse an empty or zero value by name.
import { describe, expect, it } from 'vitest';
import { ZCommodityInput, ZPriceCents, ZTonsKg } from './marketplace';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('listing quantity and price', () => {
  it('names the empty field: a form that starts empty is sent as typed', () => {
    const result = ZCommodityInput.safeParse({ name: 'Maize', quantity: '', price: ' ', grade: 'A' });
    expect(messages(result)).toEqual([
      'quantity: marketplace.validation.quantityRequired',
      'price: marketplace.validation.priceRequired',
    ]);
  });

  it('names a missing field the same way', () => {
    expect(messages(ZTonsKg.safeParse(undefined))).toEqual([': marketplace.validation.quantityRequired']);
    expect(messages(ZPriceCents.safeParse(undefined))).toEqual([': marketplace.validation.priceRequired']);
  });

  it('refuses zero with the spec messages', () => {
    const result = ZCommodityInput.safeParse({ name: 'Maize', quantity: '0', price: '0,00', grade: 'A' });
    expect(messages(result)).toEqual([
      'quantity: marketplace.validation.quantityPositive',
      'price: marketplace.validation.pricePositive',
    ]);
  });

  it('reads what was typed, a decimal comma or point', () => {
    expect(
      ZCommodityInput.parse({ name: 'Maize', quantity: '10,5', price: '200.00', grade: 'B' }),
    ).toMatchObject({
      quantity: 10_500,
      price: 20_000,
    });
  });
});
