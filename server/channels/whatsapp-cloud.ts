// WhatsApp Business Platform (Cloud API) over HTTP: send one text or template message, and read the webhook
// events (delivery statuses, inbound messages) Meta posts back. Pure transport: no queue, no database.
import { z } from 'zod';
import {
  cleanReason,
  outcomeOfHttpError,
  type ProviderAnswer,
  postToProvider,
  type SendOutcome,
  withRetryAfter,
} from './send-outcome';

export interface WhatsAppProviderConfig {
  token: string;
  phoneNumberId: string;
  apiBase: string;
}

export type WhatsAppMessage =
  | { kind: 'text'; body: string }
  | { kind: 'template'; name: string; language: 'en' | 'fr'; parameters: string[] };

export interface WhatsAppStatus {
  messageId: string;
  /** E.164, with the `+`. */
  recipient: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  errorCode: number | null;
  errorTitle: string | null;
  timestamp: Date | null;
}

export interface WhatsAppInbound {
  id: string;
  /** E.164, with the `+`. */
  from: string;
  timestamp: Date | null;
  text: string | null;
  profileName: string | null;
}

const E164 = /^\+[1-9]\d{5,14}$/;
const OUTSIDE_WINDOW = 131047;
const NOT_ON_WHATSAPP = 131026;
/**
 * Graph API throttling answers come as HTTP 400, not 429: too many calls (4), rate limit (80007), number
 * throughput (130429), same-recipient pair rate (131056). They pass; refusing the message for them would be wrong.
 */
const THROTTLED_CODES = new Set([4, 80007, 130429, 131056]);

/** Hands one message to the Cloud API. Never throws: every way it can end is a `SendOutcome`. */
export async function sendWhatsApp(
  config: WhatsAppProviderConfig,
  to: string,
  message: WhatsAppMessage,
  timeoutMs: number,
): Promise<SendOutcome> {
  if (!E164.test(to)) {
    return { kind: 'refused', reason: 'not an E.164 number' };
  }
  const answer = await postToProvider(
    `${config.apiBase.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`,
    {
      headers: {
        Authorization: `Bearer ${config.token}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(requestBody(to.slice(1), message)),
    },
    timeoutMs,
  );
  if (answer.kind !== 'answer') {
    return answer;
  }
  if (answer.status >= 200 && answer.status < 300) {
    return outcomeOfAcceptedAnswer(answer.body);
  }
  return outcomeOfError(answer, [config.token]);
}

/** The Cloud API request body, exactly as documented. */
function requestBody(digits: string, message: WhatsAppMessage): Record<string, unknown> {
  const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: digits };
  if (message.kind === 'text') {
    return { ...envelope, type: 'text', text: { body: message.body } };
  }
  // A template without variables takes no body component: an empty parameter list is a count mismatch to Meta.
  const components =
    message.parameters.length === 0
      ? undefined
      : [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }];
  return {
    ...envelope,
    type: 'template',
    template: { name: message.name, language: { code: message.language }, components },
  };
}

const ZSendAnswer = z.object({
  messages: z.array(z.object({ id: z.string().min(1).max(512) })).min(1),
});

function outcomeOfAcceptedAnswer(body: string): SendOutcome {
  const parsed = ZSendAnswer.safeParse(parseJson(body));
  if (!parsed.success) {
    return { kind: 'unconfirmed', reason: 'WhatsApp answer not understood' };
  }
  const [first] = parsed.data.messages;
  return first ? { kind: 'sent', messageId: first.id } : { kind: 'unconfirmed', reason: 'no message id' };
}

const ZErrorAnswer = z.object({
  error: z.object({
    message: z.string().default(''),
    code: z.number().int(),
    is_transient: z.boolean().optional(),
  }),
});

function outcomeOfError(answer: ProviderAnswer, secrets: string[]): SendOutcome {
  const parsed = ZErrorAnswer.safeParse(parseJson(answer.body));
  if (!parsed.success) {
    return outcomeOfHttpError(answer, cleanReason(`WhatsApp HTTP ${answer.status}: ${answer.body}`, secrets));
  }
  const { code, message, is_transient } = parsed.data.error;
  const reason = cleanReason(`WhatsApp ${code}: ${message}`, secrets);
  if (code === OUTSIDE_WINDOW) {
    return { kind: 'outside_window' };
  }
  if (code === NOT_ON_WHATSAPP) {
    return { kind: 'refused', reason };
  }
  if (answer.status >= 400 && answer.status < 500 && (THROTTLED_CODES.has(code) || is_transient === true)) {
    return withRetryAfter({ kind: 'retry', reason }, answer.headers.get('retry-after'));
  }
  return outcomeOfHttpError(answer, reason);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// ---- Webhooks -------------------------------------------------------------------------------------------------
// Tolerant by design: Meta adds fields over time and mixes event kinds in one body. Each status and message is
// read on its own, so one odd item never hides the others, and nothing here throws.

const ZDigits = z.string().regex(/^[1-9]\d{5,14}$/);
const ZId = z.string().min(1).max(512);
/** Unix seconds, as a string (documented) or a number; an unreadable time is dropped, not the event. */
const ZTimestamp = z
  .union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()])
  .transform((seconds) => new Date(Number(seconds) * 1000))
  .optional()
  .catch(undefined);
const ZList = z.array(z.unknown()).optional().catch(undefined);

const ZStatus = z.object({
  id: ZId,
  recipient_id: ZDigits,
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: ZTimestamp,
  errors: z
    .array(z.object({ code: z.number().int().optional(), title: z.string().optional() }))
    .optional()
    .catch(undefined),
});

const ZInbound = z.object({
  id: ZId,
  from: ZDigits,
  timestamp: ZTimestamp,
  text: z.object({ body: z.string() }).optional().catch(undefined),
  button: z.object({ text: z.string() }).optional().catch(undefined),
});

const ZContact = z.object({
  wa_id: z.string(),
  profile: z.object({ name: z.string() }).optional().catch(undefined),
});
const ZBody = z.object({ object: z.literal('whatsapp_business_account'), entry: ZList });
const ZEntry = z.object({ changes: ZList });
const ZChange = z.object({
  field: z.literal('messages'),
  value: z.object({ statuses: ZList, messages: ZList, contacts: ZList }),
});

/** WhatsApp's own longest text message; a longer "text" is not from Meta. */
const MAX_TEXT = 4096;
const MAX_NAME = 256;
const MAX_ERROR_TITLE = 200;

/** Reads one webhook body (already signature-checked). Junk gives empty lists. */
export function parseWhatsAppWebhook(body: unknown): {
  statuses: WhatsAppStatus[];
  messages: WhatsAppInbound[];
} {
  const parsed = ZBody.safeParse(body);
  const entries = parsed.success ? each(parsed.data.entry, ZEntry) : [];
  const values = entries.flatMap((entry) => each(entry.changes, ZChange)).map((change) => change.value);
  return {
    statuses: values.flatMap((value) => each(value.statuses, ZStatus).map(presentStatus)),
    messages: values.flatMap((value) => {
      const contacts = each(value.contacts, ZContact);
      return each(value.messages, ZInbound).map((message) => presentInbound(message, contacts));
    }),
  };
}

/** The items of a list that match a schema; the rest are skipped. */
function each<S extends z.ZodType>(items: unknown[] | undefined, schema: S): z.infer<S>[] {
  return (items ?? []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function presentStatus(status: z.infer<typeof ZStatus>): WhatsAppStatus {
  const error = status.errors?.[0];
  return {
    messageId: status.id,
    recipient: `+${status.recipient_id}`,
    status: status.status,
    errorCode: error?.code ?? null,
    errorTitle: error?.title ? error.title.slice(0, MAX_ERROR_TITLE) : null,
    timestamp: status.timestamp ?? null,
  };
}

function presentInbound(
  message: z.infer<typeof ZInbound>,
  contacts: z.infer<typeof ZContact>[],
): WhatsAppInbound {
  // A quick-reply button on a template arrives as `button`, not `text`; both are what the person "said".
  const said = message.text?.body ?? message.button?.text ?? null;
  const name = contacts.find((contact) => contact.wa_id === message.from)?.profile?.name ?? null;
  return {
    id: message.id,
    from: `+${message.from}`,
    timestamp: message.timestamp ?? null,
    text: said === null ? null : said.slice(0, MAX_TEXT),
    profileName: name === null ? null : name.slice(0, MAX_NAME),
  };
}
