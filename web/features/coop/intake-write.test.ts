// An intake kept in the outbox: posted to its group as typed, labelled for the outbox screen, kept with a key of its
// own and in the keeper's order, and read back as "waiting to send".
import { describe, expect, it } from 'vitest';
import type { TIntakeInput } from '../../../contract/groups';
import { newOutboxItem } from '../../lib/outbox/outbox-item';
import { intakesPath, intakeWrite, reversalWrite, toWaitingIntake } from './intake-write';

const input: TIntakeInput = {
  memberId: 12,
  crop: 'Maize',
  grade: 'B',
  moisture: 13,
  quantity: 0.3,
  bags: 6,
  storeId: 4,
  date: '2026-11-12',
};
const names = { member: 'amina', store: 'Magasin Menoua' };
const kg = (tons: number) => String(Math.round(tons * 1000));

describe('intake outbox write', () => {
  it('posts the intake as typed to its group, labelled with the member, kilograms, crop and store', () => {
    expect(intakeWrite(7, input, names, kg)).toEqual({
      method: 'POST',
      path: '/api/groups/7/intakes',
      body: input,
      label: {
        key: 'outbox:labels.intakeRecord',
        params: { member: 'amina', kg: '300', crop: 'Maize', store: 'Magasin Menoua' },
      },
    });
  });

  it('is kept with its own idempotency key, in the order recorded', () => {
    const first = newOutboxItem({ ...intakeWrite(7, input, names, kg), userId: 3 }, 1, 1000);
    const second = newOutboxItem(
      { ...intakeWrite(7, { ...input, memberId: 13 }, names, kg), userId: 3 },
      2,
      1001,
    );
    expect(first.idempotencyKey).toMatch(/^outbox-[0-9a-f]{32}$/);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(first.path).toBe(intakesPath(7));
  });

  it('reads a waiting intake back for the list', () => {
    const item = newOutboxItem({ ...intakeWrite(7, input, names, kg), userId: 3 }, 1, 1000);
    expect(toWaitingIntake(item)).toEqual({
      id: item.id,
      member: 'amina',
      store: 'Magasin Menoua',
      crop: 'Maize',
      grade: 'B',
      quantity: 0.3,
      bags: 6,
      date: '2026-11-12',
      createdAt: 1000,
    });
    const bare = newOutboxItem(
      { ...intakeWrite(7, { ...input, bags: undefined, date: undefined }, names, kg), userId: 3 },
      2,
      1000,
    );
    expect(toWaitingIntake(bare)).toMatchObject({ bags: null, date: null });
  });

  it('corrects an intake with a reversing entry and its reason', () => {
    expect(
      reversalWrite(7, { id: 41, reference: '8F3K', member: { username: 'amina' } }, 'Wrong grade'),
    ).toEqual({
      method: 'POST',
      path: '/api/groups/7/intakes/41/reversal',
      body: { reason: 'Wrong grade' },
      label: { key: 'outbox:labels.intakeReverse', params: { member: 'amina', ref: '8F3K' } },
    });
  });
});
