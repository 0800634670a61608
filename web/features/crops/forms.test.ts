// The crop forms read what a farmer types and refuse what the server would: a harvest whose uses do not add up.
import { describe, expect, it } from 'vitest';
import {
  usesAddUp,
  ZHarvestForm,
  ZInputForm,
  ZPlanChangeForm,
  ZPlanForm,
  ZPlotForm,
  ZTaskForm,
} from './forms';

const harvest = {
  date: '2026-09-01',
  quantity: '20',
  unit: 'bag100',
  grade: '',
  moisture: '',
  final: 'yes',
  sold: '',
  home: '',
  feed: '',
  stored: '',
  lost: '',
};

describe('crop forms', () => {
  it('reads a plot area typed with a comma', () => {
    expect(ZPlotForm.parse({ name: 'Bas-fond', area: '1,5' })).toEqual({ name: 'Bas-fond', area: 1.5 });
    expect(ZPlotForm.safeParse({ name: 'Bas-fond', area: '0' }).error?.issues[0]?.message).toBe(
      'crops.validation.area',
    );
  });

  it('sends a plan without the target fields left empty', () => {
    const plan = ZPlanForm.parse({
      plotId: '4',
      crop: 'maize',
      variety: '',
      area: '0,8',
      plantingDate: '2026-03-20',
      targetQuantity: '',
      targetDate: '',
    });
    expect(plan).toEqual({
      plotId: 4,
      crop: 'maize',
      variety: null,
      area: 0.8,
      plantingDate: '2026-03-20',
      targetQuantity: null,
      targetDate: null,
    });
  });

  it('books an input with its cost, the optional quantity read as a number', () => {
    const input = ZInputForm.parse({
      kind: 'fertiliser',
      name: 'NPK',
      quantity: '2,5',
      unit: 'sacs',
      cost: '15000',
      date: '2026-04-02',
    });
    expect(input).toMatchObject({
      kind: 'fertiliser',
      name: 'NPK',
      quantity: 2.5,
      unit: 'sacs',
      cost: '15000',
    });
    expect(ZInputForm.safeParse({ ...input, quantity: '', cost: '' }).success).toBe(false);
  });

  it('takes a harvest whose uses add up to it, and reads the final box', () => {
    const parsed = ZHarvestForm.parse({ ...harvest, sold: '15', home: '3,5', stored: '1.5' });
    expect(parsed).toEqual({
      date: '2026-09-01',
      quantity: 20,
      unit: 'bag100',
      grade: null,
      moisture: null,
      final: true,
      uses: { sold: 15, home: 3.5, stored: 1.5 },
    });
    expect(ZHarvestForm.parse(harvest)).not.toHaveProperty('uses');
  });

  it('refuses uses that do not add up to the quantity, as the server does', () => {
    const result = ZHarvestForm.safeParse({ ...harvest, sold: '15', home: '3' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['crops.errors.usesDontAddUp']);
    expect(usesAddUp(20, { sold: 20 })).toBe(true);
    expect(usesAddUp(20, {})).toBe(true);
    expect(usesAddUp(20, { sold: 19.9 })).toBe(false);
  });

  it('changes a plan: an emptied variety is none, the area is read with a comma', () => {
    expect(ZPlanChangeForm.parse({ variety: '', area: '0,75' })).toEqual({ variety: null, area: 0.75 });
    expect(ZPlanChangeForm.parse({ variety: 'Obatanpa', area: '2' })).toEqual({
      variety: 'Obatanpa',
      area: 2,
    });
    expect(ZPlanChangeForm.safeParse({ variety: '', area: 'x' }).success).toBe(false);
  });

  it('reads the farmer’s own task: nobody picked is null, a member is their id', () => {
    const task = { title: 'Mend the fence', due: '2026-09-01', note: '' };
    expect(ZTaskForm.parse({ ...task, assigneeId: '' })).toMatchObject({
      title: 'Mend the fence',
      assigneeId: null,
    });
    expect(ZTaskForm.parse({ ...task, assigneeId: '7' }).assigneeId).toBe(7);
    expect(ZTaskForm.safeParse({ ...task, title: ' ', assigneeId: '' }).error?.issues[0]?.message).toBe(
      'crops.validation.title',
    );
  });
});
