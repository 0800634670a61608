// What providers tell us back: delivery reports applied to their message (each event once, never moving a
// message's status backwards), and WhatsApp messages received (they open the 24-hour window for free text).
import type { OutboundStatus, PhoneChannel } from '../../contract/notifications';
import type { Tx } from '../db/client';
import { firstTimeSeen, lockReported, requeueAsTemplate, setReportedStatus } from './outbound.repo';

export interface DeliveryReport {
  /** Unique per event (a provider may deliver it again). */
  eventKey: string;
  channel: PhoneChannel;
  providerMessageId: string;
  /** The number it was for (E.164), when the report says: finds a message whose send answer was lost. */
  recipient: string | null;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error: string | null;
  /** WhatsApp refused a text as outside the 24-hour window: send it again as a template. */
  outsideWindow?: boolean;
}

const RANK: Record<OutboundStatus, number> = {
  queued: 0,
  sending: 0,
  unconfirmed: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  // Final: nothing moves a failed message.
  failed: 4,
};

/**
 * The status a report moves a message to, or null to leave it: reports may come out of order (a late "sent"
 * after "delivered"), and a message delivered cannot fail any more.
 */
export function reportedStatus(
  current: OutboundStatus,
  reported: DeliveryReport['status'],
): OutboundStatus | null {
  if (current === 'failed') {
    return null;
  }
  if (reported === 'failed') {
    return RANK[current] < RANK.delivered ? 'failed' : null;
  }
  return RANK[reported] > RANK[current] ? reported : null;
}

/** Applies a report once; returns the user whose message it was (null for a stranger), when it changed anything. */
export async function applyDeliveryReport(db: Tx, report: DeliveryReport): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (!(await firstTimeSeen(tx, { key: report.eventKey, channel: report.channel }))) {
      return null;
    }
    const message = await lockReported(tx, report.channel, report.providerMessageId, report.recipient);
    const next = message ? reportedStatus(message.status, report.status) : null;
    if (!message || next === null) {
      return null;
    }
    if (next === 'failed' && report.outsideWindow && !message.viaTemplate) {
      await requeueAsTemplate(tx, message.id, report.error ?? 'outside the 24-hour window');
      return message.userId;
    }
    await setReportedStatus(tx, message.id, {
      status: next,
      providerMessageId: report.providerMessageId,
      error: report.error,
    });
    return message.userId;
  });
}

/** A message received (SMS or WhatsApp), kept once by its id; false when it was seen before. */
export function recordInbound(
  db: Tx,
  message: { id: string; channel: PhoneChannel; from: string; text: string | null },
): Promise<boolean> {
  return firstTimeSeen(db, {
    key: `${message.channel}:message:${message.id}`,
    channel: message.channel,
    sender: message.from,
    // PostgreSQL text holds no NUL; the rest is kept as it came.
    text: (message.text ?? '').replaceAll('\u0000', ''),
  });
}
