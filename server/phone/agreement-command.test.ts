// ACCEPT <agreement> <PIN> and DECLINE <agreement> [PIN] in both languages, told apart from the bid's ACCEPT <bid>,
// and named in the seller's SMS help, whose every example reads as the command it shows.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import { parseCommand } from './commands';
import { say } from './phone-text';

const agreement = (decision: 'accept' | 'decline', pin: string | null) => ({
  kind: 'agreement',
  decision,
  agreement: '5',
  pin,
});

describe('forward agreement commands', () => {
  it('reads ACCEPT with a PIN as the agreement, ACCEPT alone as the bid', () => {
    expect(parseCommand('ACCEPT 5 1234')).toEqual({ command: agreement('accept', '1234'), spoken: 'en' });
    expect(parseCommand('accepter #5 1234')).toEqual({ command: agreement('accept', '1234'), spoken: 'fr' });
    expect(parseCommand('Accept 5 + 1234').command).toEqual(agreement('accept', '1234'));
    expect(parseCommand('ACCEPT 5').command).toEqual({ kind: 'accept', bid: '5' });
  });

  it('reads DECLINE (fr REFUSER) with or without the PIN', () => {
    expect(parseCommand('DECLINE 5')).toEqual({ command: agreement('decline', null), spoken: 'en' });
    expect(parseCommand('refuser n°5 1234')).toEqual({ command: agreement('decline', '1234'), spoken: 'fr' });
  });

  it('answers with the usage when the words do not make the command', () => {
    for (const text of ['ACCEPT 5 12', 'ACCEPT 5 PIN', 'ACCEPT 5 1234 extra', 'ACCEPT x 1234']) {
      expect(parseCommand(text).command, text).toEqual({ kind: 'usage', of: 'accept' });
    }
    for (const text of ['DECLINE', 'DECLINE x', 'REFUSER 5 12345', 'DECLINE 5 1234 6']) {
      expect(parseCommand(text).command, text).toEqual({ kind: 'usage', of: 'decline' });
    }
  });

  it.each(LANGUAGES)("are named in the seller's help and usages as they read (%s)", (lang) => {
    const [accept, decline] =
      lang === 'en' ? ['ACCEPT 5 1234', 'DECLINE 5'] : ['ACCEPTER 5 1234', 'REFUSER 5'];
    expect(parseCommand(accept).command).toEqual(agreement('accept', '1234'));
    expect(parseCommand(decline).command).toEqual(agreement('decline', null));
    expect(say(lang, 'help.seller')).toContain(accept);
    expect(say(lang, 'help.seller')).toContain(decline);
    expect(say(lang, 'usage.accept')).toContain(accept);
    expect(say(lang, 'usage.decline')).toContain(decline);
  });
});
