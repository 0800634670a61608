// The group forms read money typed in the local currency and send minor units; the settings form sends only changes.
import { afterEach, describe, expect, it } from 'vitest';
import type { TGroup } from '../../../contract/groups';
import { setDeploymentCurrency } from '../../../contract/money';
import {
  emptyGroupForm,
  groupForm,
  groupSettingsForm,
  groupSettingsValues,
  minorToInput,
  parseMinorInput,
  splitCrops,
} from './forms';

const firstIssue = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } | undefined }) =>
  result.error?.issues[0];

afterEach(() => setDeploymentCurrency('USD', 2));

const coop: TGroup = {
  id: 7,
  name: 'Coop Menoua',
  kind: 'cooperative',
  description: 'Maize and coffee',
  region: 'West',
  visibility: 'members',
  crops: ['Maize', 'Coffee'],
  memberCount: 34,
  levyPercent: 2.5,
  transportPerTon: 150_000,
  gradeDifferentials: { A: 500_000, B: 0, C: -250_000 },
  account: { id: 90, username: 'coop-menoua' },
  me: { role: 'admin', status: 'active' },
  can: { read: true, post: true, manage: true, keep: true },
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('money in the rules form', () => {
  it('reads amounts in the currency as minor units, signed where a differential may be below the price', () => {
    expect(parseMinorInput('1 500', false)).toBe(150_000);
    expect(parseMinorInput('12,5', false)).toBe(1250);
    expect(parseMinorInput('-2 000', true)).toBe(-200_000);
    expect(parseMinorInput('\u22122000', true)).toBe(-200_000);
    expect(parseMinorInput('-5', false)).toBeNull();
    expect(parseMinorInput('abc', true)).toBeNull();
    expect(parseMinorInput('  ', true)).toBe(0);
  });

  it('takes whole francs only where the currency has no cents (hundredths still sent)', () => {
    setDeploymentCurrency('XAF', 0);
    expect(parseMinorInput('2 500', false)).toBe(250_000);
    expect(parseMinorInput('2 500,50', false)).toBeNull();
    const result = groupForm('cooperative').safeParse({
      ...emptyGroupForm('cooperative'),
      name: 'Coop Menoua',
      transportPerTon: '1500,5',
    });
    expect(firstIssue(result)).toMatchObject({
      path: ['transportPerTon'],
      message: 'validation.currencyDecimals',
    });
  });

  it('shows minor units back as the form takes them, in the reader’s decimals', () => {
    expect(minorToInput(150_000, 'en')).toBe('1500');
    expect(minorToInput(-1250, 'fr')).toBe('-12,5');
    expect(minorToInput(0, 'fr')).toBe('');
    // What is shown reads back the same.
    expect(parseMinorInput(minorToInput(-1250, 'fr'), true)).toBe(-1250);
  });
});

describe('groupForm', () => {
  it('sends a co-operative with its rule in minor units and no visibility', () => {
    expect(
      groupForm('cooperative').parse({
        ...emptyGroupForm('cooperative'),
        name: ' Coop Menoua ',
        region: 'West',
        crops: 'Maize, coffee; maize',
        levyPercent: '2,5',
        transportPerTon: '1 500',
        differentialA: '5000',
        differentialC: '-2500',
      }),
    ).toEqual({
      name: 'Coop Menoua',
      kind: 'cooperative',
      description: '',
      region: 'West',
      crops: ['Maize', 'coffee'],
      levyPercent: 2.5,
      transportPerTon: 150_000,
      gradeDifferentials: { A: 500_000, B: 0, C: -250_000 },
    });
  });

  it('sends a discussion group with its visibility and no rule', () => {
    expect(
      groupForm('discussion').parse({
        ...emptyGroupForm(),
        name: 'Cocoa talk',
        visibility: 'public',
        levyPercent: '99',
      }),
    ).toEqual({ name: 'Cocoa talk', kind: 'discussion', description: '', crops: [], visibility: 'public' });
  });

  it('says which field is wrong with the contract’s messages', () => {
    const invalid = (values: Partial<ReturnType<typeof emptyGroupForm>>) =>
      firstIssue(
        groupForm('cooperative').safeParse({ ...emptyGroupForm('cooperative'), name: 'Coop', ...values }),
      );
    expect(invalid({ name: 'Co' })).toMatchObject({ path: ['name'], message: 'groups.validation.name' });
    expect(invalid({ levyPercent: '31' })).toMatchObject({
      path: ['levyPercent'],
      message: 'groups.validation.levy',
    });
    expect(invalid({ levyPercent: 'lots' })).toMatchObject({ path: ['levyPercent'] });
    expect(invalid({ transportPerTon: 'x' })).toMatchObject({
      path: ['transportPerTon'],
      message: 'groups.validation.transport',
    });
    expect(invalid({ differentialB: '--3' })).toMatchObject({
      path: ['differentialB'],
      message: 'groups.validation.differential',
    });
    expect(invalid({ differentialB: '2000000' })).toMatchObject({ path: ['differentialB'] });
    expect(invalid({ crops: 'a,b,c,d,e,f,g,h,i,j,k' })).toMatchObject({ path: ['crops'] });
  });
});

describe('splitCrops', () => {
  it('takes one line of crops, each once', () => {
    expect(splitCrops(' Maize ,, cocoa;Cocoa\nrice  paddy ')).toEqual(['Maize', 'cocoa', 'rice paddy']);
    expect(splitCrops('')).toEqual([]);
  });
});

describe('groupSettingsForm', () => {
  it('starts from the group and sends nothing when nothing changed', () => {
    const values = groupSettingsValues(coop, 'fr');
    expect(values).toMatchObject({
      levyPercent: '2,5',
      transportPerTon: '1500',
      differentialA: '5000',
      differentialB: '',
      differentialC: '-2500',
      crops: 'Maize, Coffee',
    });
    expect(groupSettingsForm(coop).parse(values)).toEqual({});
  });

  it('sends only the fields changed, the differentials together', () => {
    const values = { ...groupSettingsValues(coop, 'en'), region: '', levyPercent: '3', differentialB: '100' };
    expect(groupSettingsForm(coop).parse(values)).toEqual({
      region: null,
      levyPercent: 3,
      gradeDifferentials: { A: 500_000, B: 10_000, C: -250_000 },
    });
  });

  it('changes a discussion group’s visibility but never a rule it has none of', () => {
    const talk: TGroup = { ...coop, kind: 'discussion', levyPercent: 0, transportPerTon: 0, account: null };
    const values = { ...groupSettingsValues(talk, 'en'), visibility: 'public', transportPerTon: 'x' };
    expect(groupSettingsForm(talk).parse(values)).toEqual({ visibility: 'public' });
  });
});
