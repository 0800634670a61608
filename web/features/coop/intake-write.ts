// An intake as the outbox keeps it: the request (sent as typed, in order after the keeper's earlier writes, under
// the key the outbox made once so a replay after a lost answer records it once), the label the outbox screen shows,
// and a waiting one read back for the intakes list ("waiting to send").
import type { TIntakeInput } from '../../../contract/groups';
import type { OutboxItem } from '../../lib/outbox/outbox-item';
import type { OutboxWrite } from '../../lib/outbox/use-outbox-write';

/** The path an intake is posted to: the waiting list finds the group's queued intakes by it. */
export const intakesPath = (groupId: number) => `/api/groups/${groupId}/intakes`;

export interface IntakeNames {
  member: string;
  store: string;
}

/** The outbox write of one intake; `kg` formats its tons as kilograms in the reader's language. */
export function intakeWrite(
  groupId: number,
  input: TIntakeInput,
  names: IntakeNames,
  kg: (tons: number) => string,
): OutboxWrite {
  return {
    method: 'POST',
    path: intakesPath(groupId),
    body: input,
    label: {
      key: 'outbox:labels.intakeRecord',
      params: {
        member: names.member,
        kg: typeof input.quantity === 'number' ? kg(input.quantity) : String(input.quantity),
        crop: input.crop,
        store: names.store,
      },
    },
  };
}

/** The outbox write of an intake's correction (a reversing entry). */
export function reversalWrite(
  groupId: number,
  intake: { id: number; reference: string; member: { username: string } },
  reason: string,
): OutboxWrite {
  return {
    method: 'POST',
    path: `${intakesPath(groupId)}/${intake.id}/reversal`,
    body: { reason },
    label: {
      key: 'outbox:labels.intakeReverse',
      params: { member: intake.member.username, ref: intake.reference },
    },
  };
}

/** An intake still on the phone, as the list shows it. */
export interface WaitingIntake {
  /** The outbox item's id. */
  id: string;
  member: string;
  store: string;
  crop: string;
  grade: string;
  /** Tons. */
  quantity: number;
  bags: number | null;
  date: string | null;
  /** When the keeper recorded it (ms since epoch). */
  createdAt: number;
}

export function toWaitingIntake(
  item: Pick<OutboxItem, 'id' | 'body' | 'label' | 'createdAt'>,
): WaitingIntake {
  const body = item.body as TIntakeInput;
  return {
    id: item.id,
    member: String(item.label.params.member ?? ''),
    store: String(item.label.params.store ?? ''),
    crop: body.crop,
    grade: body.grade,
    quantity: Number(body.quantity),
    bags: body.bags ?? null,
    date: body.date ?? null,
    createdAt: item.createdAt,
  };
}
