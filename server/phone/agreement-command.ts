// The SMS and WhatsApp answers to a forward agreement, read from a message's words: ACCEPT <agreement> <PIN> (fr
// ACCEPTER), done at once with the PIN, and DECLINE <agreement> [PIN] (fr REFUSER), echoed for YES <PIN> when the
// PIN is not given. ACCEPT with a number alone stays the bid's (ACCEPT 12): a PIN after it is what tells them apart.
import { PIN_LENGTH } from '../../contract/phone';

export type AgreementCommand = {
  kind: 'agreement';
  decision: 'accept' | 'decline';
  /** The agreement's number as written (digits). */
  agreement: string;
  pin: string | null;
};

const PIN_WORD = new RegExp(`^[0-9]{${PIN_LENGTH}}$`);

/**
 * `id`: the first argument read as a number (null: not one); `args`: the folded words after the command word, a
 * `+` between the number and the PIN skipped (the notification writes "ACCEPT 12 + PIN"). Null when the words do
 * not make the command (its usage is the answer).
 */
export function agreementCommand(
  decision: AgreementCommand['decision'],
  id: string | null,
  args: readonly string[],
): AgreementCommand | null {
  const rest = args.slice(1).filter((word) => word !== '+');
  const pin = rest[0] ?? null;
  if (id === null || rest.length > 1 || (pin !== null && !PIN_WORD.test(pin))) {
    return null;
  }
  if (decision === 'accept' && pin === null) {
    return null;
  }
  return { kind: 'agreement', decision, agreement: id, pin };
}
