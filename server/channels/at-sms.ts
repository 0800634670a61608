// Africa's Talking SMS over HTTP: send one message to one number, and read the delivery reports AT posts back.
// Pure transport: no queue, no database; the caller decides what each outcome means for the message.
import { z } from 'zod';
import { cleanReason, outcomeOfHttpError, postToProvider, type SendOutcome } from './send-outcome';

export interface SmsProviderConfig {
  username: string;
  apiKey: string;
  senderId: string | null;
  baseUrl: string;
}

export interface SmsDeliveryReport {
  messageId: string;
  phoneNumber: string | null;
  status: 'sent' | 'delivered' | 'failed';
  providerStatus: string;
  failureReason: string | null;
}

/** One number only: AT reads commas in `to` as a list, so anything else could reach strangers. */
const E164 = /^\+[1-9]\d{5,14}$/;

/** One per number, each with its own verdict: 100–102 accepted, 401–409 refused for that number, 5xx AT's fault. */
const ZRecipient = z.object({
  statusCode: z.union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number),
  ]),
  status: z.string().max(100).default(''),
  messageId: z.string().max(200).optional(),
});

const ZSendAnswer = z.object({
  SMSMessageData: z.object({
    Message: z.string().default(''),
    Recipients: z.array(ZRecipient),
  }),
});

/** Hands one SMS to Africa's Talking. Never throws: every way it can end is a `SendOutcome`. */
export async function sendSms(
  config: SmsProviderConfig,
  to: string,
  message: string,
  timeoutMs: number,
): Promise<SendOutcome> {
  if (!E164.test(to)) {
    return { kind: 'refused', reason: 'not an E.164 number' };
  }
  const form = new URLSearchParams({ username: config.username, to, message });
  if (config.senderId !== null) {
    form.set('from', config.senderId);
  }
  const answer = await postToProvider(
    `${config.baseUrl.replace(/\/+$/, '')}/version1/messaging`,
    {
      headers: {
        apiKey: config.apiKey,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    },
    timeoutMs,
  );
  if (answer.kind !== 'answer') {
    return answer;
  }
  const secrets = [config.apiKey];
  if (answer.status >= 200 && answer.status < 300) {
    return outcomeOfAcceptedAnswer(answer.body, secrets);
  }
  // AT's HTTP errors are plain text ("The supplied authentication is invalid").
  return outcomeOfHttpError(answer, cleanReason(`AT HTTP ${answer.status}: ${answer.body}`, secrets));
}

/** A 2xx from AT still says per recipient whether the message went. */
function outcomeOfAcceptedAnswer(body: string, secrets: string[]): SendOutcome {
  const parsed = ZSendAnswer.safeParse(parseJson(body));
  if (!parsed.success) {
    return { kind: 'unconfirmed', reason: 'AT answer not understood' };
  }
  const { Message, Recipients } = parsed.data.SMSMessageData;
  const recipient = Recipients[0];
  if (!recipient) {
    // AT names a request-wide refusal in Message with no recipients (e.g. "InvalidSenderId"): nothing went.
    return { kind: 'refused', reason: cleanReason(`AT: ${Message || 'no recipient accepted'}`, secrets) };
  }
  const { statusCode, status, messageId } = recipient;
  const label = cleanReason(`AT ${statusCode} ${status}`, secrets);
  if (statusCode >= 100 && statusCode <= 102) {
    // AT writes "None" as the id of a message it did not take; an accepted one without an id cannot be tracked.
    return messageId && messageId !== 'None'
      ? { kind: 'sent', messageId }
      : { kind: 'unconfirmed', reason: `${label} without a message id` };
  }
  if (statusCode >= 401 && statusCode <= 409) {
    return { kind: 'refused', reason: label };
  }
  if (statusCode >= 500) {
    return { kind: 'retry', reason: label };
  }
  return { kind: 'unconfirmed', reason: `${label} (unknown status code)` };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const REPORT_STATUS: Record<string, SmsDeliveryReport['status']> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Rejected: 'failed',
  Failed: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
};

/** Anything longer than these is not from AT: drop the report (id) or the field (the rest). */
const ZDeliveryReport = z.object({
  id: z.string().trim().min(1).max(200),
  status: z.string().max(40),
  phoneNumber: z.string().optional(),
  failureReason: z.string().optional(),
});

/**
 * Reads one AT delivery-report callback (the form fields as a record). Null when it is not a report we can
 * use: no id, or a status AT does not document.
 */
export function parseSmsDeliveryReport(form: Record<string, string>): SmsDeliveryReport | null {
  const parsed = ZDeliveryReport.safeParse(form);
  if (!parsed.success) {
    return null;
  }
  const { id, status: providerStatus, phoneNumber, failureReason } = parsed.data;
  const status = Object.hasOwn(REPORT_STATUS, providerStatus) ? REPORT_STATUS[providerStatus] : undefined;
  if (!status) {
    return null;
  }
  return {
    messageId: id,
    phoneNumber: e164OrNull(phoneNumber),
    status,
    providerStatus,
    failureReason: failureReason?.trim() ? cleanReason(failureReason.slice(0, 1000)) : null,
  };
}

function e164OrNull(raw: string | undefined): string | null {
  const digits = raw?.trim().replace(/^\+/, '');
  return digits && /^[1-9]\d{5,14}$/.test(digits) ? `+${digits}` : null;
}
