// MTN MoMo's statuses and failure reasons mapped to ours (PAYMENTS.md): pure, so every case is tested alone.
import type { FailureReason } from '../../../contract/payments';
import type { StatusAnswer } from './provider';

/** MTN's reason codes (Collections and Disbursements alike) and what we tell the payer or payee. */
const MTN_REASONS: Record<string, FailureReason> = {
  NOT_ENOUGH_FUNDS: 'not_enough_funds',
  APPROVAL_REJECTED: 'rejected',
  TRANSACTION_CANCELED: 'rejected',
  EXPIRED: 'not_approved_in_time',
  COULD_NOT_PERFORM_TRANSACTION: 'not_approved_in_time',
  PAYER_NOT_FOUND: 'number_not_registered',
  PAYEE_NOT_FOUND: 'number_not_registered',
  PAYER_LIMIT_REACHED: 'limit_reached',
  PAYEE_LIMIT_REACHED: 'limit_reached',
  NOT_ALLOWED: 'not_allowed',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'not_allowed',
  INVALID_CURRENCY: 'invalid_currency',
  SERVICE_UNAVAILABLE: 'provider_unavailable',
  INTERNAL_PROCESSING_ERROR: 'provider_error',
};

/** Reasons that mean the payer did not approve in time: the payment expired rather than failed. */
const EXPIRY_REASONS = new Set(['EXPIRED', 'COULD_NOT_PERFORM_TRANSACTION']);

const PENDING_STATUSES = new Set(['PENDING', 'ONGOING', 'DELAYED']);

/** Ours for an MTN reason code; anything MTN did not document (or no code at all) is a provider error. */
export function failureReasonOf(code: string | null): FailureReason {
  return code !== null && Object.hasOwn(MTN_REASONS, code)
    ? (MTN_REASONS[code] ?? 'provider_error')
    : 'provider_error';
}

export interface MtnReason {
  code: string | null;
  message: string | null;
}

/**
 * A reason as MTN sends it: a string (`"APPROVAL_REJECTED"`) in some deployments, an object `{code, message}` in
 * others, absent when there is none.
 */
export function reasonOf(raw: unknown): MtnReason {
  if (typeof raw === 'string') {
    return { code: raw.trim() || null, message: null };
  }
  if (typeof raw === 'object' && raw !== null) {
    const { code, message } = raw as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' && code.trim() ? code.trim() : null,
      message: typeof message === 'string' && message.trim() ? message.trim() : null,
    };
  }
  return { code: null, message: null };
}

/** `MTN FAILED APPROVAL_REJECTED: the message`, before credentials are blanked out by the caller. */
export function reasonLabel(status: string, reason: MtnReason): string {
  const code = reason.code ? ` ${reason.code}` : '';
  const message = reason.message ? `: ${reason.message}` : '';
  return `MTN ${status}${code}${message}`;
}

/**
 * What a 200 answer to a status question (or a callback's body, which is the same) says. `clean` bounds the
 * detail and blanks out credentials.
 */
export function momoStatusAnswer(body: unknown, clean: (text: string) => string): StatusAnswer {
  if (typeof body !== 'object' || body === null) {
    return { kind: 'unknown', detail: 'MTN status answer not understood' };
  }
  const { status, reason: rawReason, financialTransactionId } = body as Record<string, unknown>;
  if (typeof status !== 'string') {
    return { kind: 'unknown', detail: 'MTN status answer without a status' };
  }
  const upper = status.toUpperCase();
  if (PENDING_STATUSES.has(upper)) {
    return { kind: 'pending' };
  }
  if (upper === 'SUCCESSFUL') {
    const id =
      typeof financialTransactionId === 'string' && financialTransactionId.trim()
        ? financialTransactionId.trim()
        : null;
    return { kind: 'succeeded', transactionId: id };
  }
  const reason = reasonOf(rawReason);
  const detail = clean(reasonLabel(upper, reason));
  if (
    upper === 'EXPIRED' ||
    (upper === 'FAILED' && reason.code !== null && EXPIRY_REASONS.has(reason.code))
  ) {
    return { kind: 'expired', reason: 'not_approved_in_time', detail };
  }
  if (upper === 'FAILED') {
    return { kind: 'failed', reason: failureReasonOf(reason.code), detail };
  }
  return { kind: 'unknown', detail: clean(`MTN status ${status} not understood`) };
}
