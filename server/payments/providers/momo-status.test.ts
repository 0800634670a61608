// MTN's statuses and reasons in our terms (PAYMENTS.md), reason as a string and as an object alike.
import { describe, expect, it } from 'vitest';
import { failureReasonOf, momoStatusAnswer, reasonOf } from './momo-status';

const keep = (text: string) => text;

describe('failureReasonOf', () => {
  it.each([
    ['NOT_ENOUGH_FUNDS', 'not_enough_funds'],
    ['APPROVAL_REJECTED', 'rejected'],
    ['EXPIRED', 'not_approved_in_time'],
    ['COULD_NOT_PERFORM_TRANSACTION', 'not_approved_in_time'],
    ['PAYER_NOT_FOUND', 'number_not_registered'],
    ['PAYEE_NOT_FOUND', 'number_not_registered'],
    ['PAYER_LIMIT_REACHED', 'limit_reached'],
    ['PAYEE_LIMIT_REACHED', 'limit_reached'],
    ['NOT_ALLOWED', 'not_allowed'],
    ['INVALID_CURRENCY', 'invalid_currency'],
    ['SERVICE_UNAVAILABLE', 'provider_unavailable'],
    ['INTERNAL_PROCESSING_ERROR', 'provider_error'],
  ])('maps %s to %s', (code, ours) => {
    expect(failureReasonOf(code)).toBe(ours);
  });

  it('calls anything MTN did not document, or no code, a provider error', () => {
    expect(failureReasonOf('SOMETHING_NEW')).toBe('provider_error');
    expect(failureReasonOf('toString')).toBe('provider_error');
    expect(failureReasonOf(null)).toBe('provider_error');
  });
});

describe('reasonOf', () => {
  it('reads a string and an object alike', () => {
    expect(reasonOf('APPROVAL_REJECTED')).toEqual({ code: 'APPROVAL_REJECTED', message: null });
    expect(reasonOf({ code: 'APPROVAL_REJECTED', message: 'Rejected by payer' })).toEqual({
      code: 'APPROVAL_REJECTED',
      message: 'Rejected by payer',
    });
  });

  it('has nothing from an absent, empty or odd reason', () => {
    for (const raw of [undefined, null, '', '  ', 42, { code: 7 }, []]) {
      expect(reasonOf(raw)).toEqual({ code: null, message: null });
    }
  });
});

describe('momoStatusAnswer', () => {
  it.each(['PENDING', 'ONGOING', 'DELAYED'])('%s is pending', (status) => {
    expect(momoStatusAnswer({ status }, keep)).toEqual({ kind: 'pending' });
  });

  it('SUCCESSFUL carries the financial transaction id', () => {
    expect(momoStatusAnswer({ status: 'SUCCESSFUL', financialTransactionId: '1927264368' }, keep)).toEqual({
      kind: 'succeeded',
      transactionId: '1927264368',
    });
    expect(momoStatusAnswer({ status: 'SUCCESSFUL' }, keep)).toEqual({
      kind: 'succeeded',
      transactionId: null,
    });
  });

  it('FAILED with the reason as a string or as an object says the same', () => {
    const asString = momoStatusAnswer({ status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' }, keep);
    const asObject = momoStatusAnswer(
      { status: 'FAILED', reason: { code: 'NOT_ENOUGH_FUNDS', message: 'Balance too low' } },
      keep,
    );
    expect(asString).toEqual({
      kind: 'failed',
      reason: 'not_enough_funds',
      detail: 'MTN FAILED NOT_ENOUGH_FUNDS',
    });
    expect(asObject).toEqual({
      kind: 'failed',
      reason: 'not_enough_funds',
      detail: 'MTN FAILED NOT_ENOUGH_FUNDS: Balance too low',
    });
  });

  it('FAILED without a reason is a provider error', () => {
    expect(momoStatusAnswer({ status: 'FAILED' }, keep)).toEqual({
      kind: 'failed',
      reason: 'provider_error',
      detail: 'MTN FAILED',
    });
  });

  it.each([
    [{ status: 'FAILED', reason: 'EXPIRED' }],
    [{ status: 'FAILED', reason: { code: 'COULD_NOT_PERFORM_TRANSACTION', message: 'x' } }],
    [{ status: 'EXPIRED' }],
  ])('%j expired: not approved in time', (body) => {
    expect(momoStatusAnswer(body, keep)).toMatchObject({ kind: 'expired', reason: 'not_approved_in_time' });
  });

  it('cannot read a status it does not know, or no status at all', () => {
    expect(momoStatusAnswer({ status: 'REVERSED' }, keep).kind).toBe('unknown');
    expect(momoStatusAnswer({}, keep).kind).toBe('unknown');
    expect(momoStatusAnswer('SUCCESSFUL', keep).kind).toBe('unknown');
    expect(momoStatusAnswer(undefined, keep).kind).toBe('unknown');
  });

  it('passes every detail through the cleaner', () => {
    const answer = momoStatusAnswer(
      { status: 'FAILED', reason: { code: 'NOT_ALLOWED', message: 'key secret-123 refused' } },
      (text) => text.replace('secret-123', '[redacted]'),
    );
    expect(answer).toEqual({
      kind: 'failed',
      reason: 'not_allowed',
      detail: 'MTN FAILED NOT_ALLOWED: key [redacted] refused',
    });
  });
});
