// Expected yield: what it rests on (potential, the country's typical figure, the farm's harvests) and its confidence.
import { describe, expect, it } from 'vitest';
import { expectedYield } from './expected-yield';

describe('expected yield', () => {
  it('rests on the potential, with low confidence, when the country has no figure for the crop', () => {
    // Cameroon's only maize figure is a regional study (Garoua), not a national one.
    const y = expectedYield({ crop: 'maize', area: 2, country: 'CM', relativeYield: null, ownHarvests: [] });
    expect(y).toMatchObject({
      perHectare: 6,
      total: 12,
      estimate: true,
      basis: 'potential',
      confidence: 'low',
    });
    expect(y.potential).toMatchObject({ perHectare: 6, relativeYield: null });
    expect(y.potential.source).toContain('Maize');
    expect(y.typical).toBeNull();
    expect(y.own).toBeNull();
    expect(y.product).toBe('grain');
  });

  it('rests on the potential without a country', () => {
    const y = expectedYield({
      crop: 'groundnut',
      area: 1,
      country: null,
      relativeYield: null,
      ownHarvests: [],
    });
    expect(y).toMatchObject({
      perHectare: 2.5,
      basis: 'potential',
      confidence: 'low',
      product: 'unshelled nuts',
    });
  });

  it("takes Ghana's published maize yield (SRID, 1.68 t/ha) with medium confidence", () => {
    const y = expectedYield({
      crop: 'maize',
      area: 1.5,
      country: 'GH',
      relativeYield: null,
      ownHarvests: [],
    });
    expect(y).toMatchObject({ perHectare: 1.68, total: 2.52, basis: 'typical', confidence: 'medium' });
    expect(y.typical).toMatchObject({ low: 1.68, high: 1.68, period: '2006–2011' });
    expect(y.typical?.source).toContain('SRID');
  });

  it('scales the potential by the relative yield of the farm’s yield analysis (held to 0–1)', () => {
    const half = expectedYield({
      crop: 'maize',
      area: 2,
      country: 'CM',
      relativeYield: 0.5,
      ownHarvests: [],
    });
    expect(half.potential).toMatchObject({ perHectare: 3, relativeYield: 0.5 });
    expect(half.potential.source).toContain('eq. 90');
    expect(half).toMatchObject({ perHectare: 3, total: 6, basis: 'potential' });
    const over = expectedYield({
      crop: 'maize',
      area: 1,
      country: 'CM',
      relativeYield: 1.4,
      ownHarvests: [],
    });
    expect(over.potential).toMatchObject({ perHectare: 6, relativeYield: 1 });
  });

  it('blends three own harvests toward the typical figure with weight 3/5, with high confidence', () => {
    const y = expectedYield({
      crop: 'maize',
      area: 2,
      country: 'GH',
      relativeYield: null,
      ownHarvests: [{ perHectare: 2.0 }, { perHectare: 2.4 }, { perHectare: 2.2 }],
    });
    // 0.6 × 2.2 + 0.4 × 1.68 = 1.992.
    expect(y).toMatchObject({ perHectare: 1.99, total: 3.98, basis: 'own_harvests', confidence: 'high' });
    expect(y.own).toEqual({ perHectare: 2.2, harvests: 3 });
  });

  it('blends one own harvest toward the potential when there is no typical figure, with medium confidence', () => {
    const y = expectedYield({
      crop: 'groundnut',
      area: 0.5,
      country: 'GH',
      relativeYield: null,
      ownHarvests: [{ perHectare: 1 }],
    });
    // 1/3 × 1 + 2/3 × 2.5 = 2.
    expect(y).toMatchObject({ perHectare: 2, total: 1, basis: 'own_harvests', confidence: 'medium' });
    const two = expectedYield({
      crop: 'groundnut',
      area: 1,
      country: 'GH',
      relativeYield: null,
      ownHarvests: [{ perHectare: 1 }, { perHectare: 2 }],
    });
    // 1/2 × 1.5 + 1/2 × 2.5 = 2.
    expect(two).toMatchObject({ perHectare: 2, confidence: 'medium', own: { perHectare: 1.5, harvests: 2 } });
  });
});
