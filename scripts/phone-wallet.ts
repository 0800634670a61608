// The phone simulator's MTN MoMo wallet: the payments stand-in (the repo's, in its sandbox way where a prompt waits for
// the payer), pointed at by the server's MOMO_* settings; a prompt to pay from the simulated phone is shown, and the
// user approves or rejects it as on a real handset (or the simulator does, with --wallet approve|reject).
import { momoEnv, type PaymentsStandIn, startPaymentsStandIn } from '../server/test/payments-stand-in';
import { PhoneError } from './phone-shared';

/** A request to pay that reached the simulated phone and waits for its answer. */
export interface MomoPrompt {
  reference: string;
  amount: string;
  currency: string;
  /** What the server wrote for the payer ("Terroir order 243"). */
  message: string;
}

export type WalletAnswer = 'approve' | 'reject';

export interface Wallet {
  /** The server's settings that point MTN MoMo here (`KEY=value …`). */
  env: string;
  /** Prompts shown and not answered yet, oldest first. */
  waiting(): MomoPrompt[];
  /** Answers a prompt; the line saying what became of it. */
  answer(prompt: MomoPrompt, answer: WalletAnswer): string;
  /**
   * Waits (at most `ms`) until the answers due are given and the server has asked MTN the status of each prompt
   * answered: before that, closing the wallet would leave the server asking a stand-in that is gone.
   */
  heard(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

/** How long an automatic answer waits, as a payer would, so the server has recorded MTN's 202 first. */
const AUTO_ANSWER_MS = 500;

/** The prompt as a MoMo handset shows it. */
export const promptText = (prompt: MomoPrompt) =>
  `MTN MoMo: approve payment of ${prompt.amount} ${prompt.currency} to Terroir? 1 approve / 2 reject` +
  (prompt.message ? ` (${prompt.message})` : '');

/**
 * Reads a typed answer to a prompt, as the handset's: 1 approves, 2 rejects; anything else is not an answer (YES and
 * NO are the bot's own words, sent as SMS).
 */
export function walletAnswerOf(line: string): WalletAnswer | null {
  const typed = line.trim();
  return typed === '1' ? 'approve' : typed === '2' ? 'reject' : null;
}

/** The request to pay of a start the stand-in took, when it is a prompt to this phone. */
export function promptFor(
  phone: string,
  event: { kind: string; reference: string | null; accepted: boolean; body: unknown },
): MomoPrompt | null {
  const body = (typeof event.body === 'object' && event.body !== null ? event.body : {}) as {
    amount?: unknown;
    currency?: unknown;
    payerMessage?: unknown;
    payer?: { partyId?: unknown };
  };
  if (event.kind !== 'requesttopay' || !event.accepted || event.reference === null) {
    return null;
  }
  if (body.payer?.partyId !== phone.replace(/^\+/, '')) {
    return null;
  }
  return {
    reference: event.reference,
    amount: String(body.amount ?? ''),
    currency: String(body.currency ?? ''),
    message: typeof body.payerMessage === 'string' ? body.payerMessage : '',
  };
}

export async function startWallet(options: {
  port: number;
  phone: string;
  /** Shows a line (above the input prompt while one is up). */
  show: (line: string) => void;
  /** Answer every prompt at once this way (scripts); absent: the user answers. */
  auto: WalletAnswer | null;
}): Promise<Wallet> {
  let stand: PaymentsStandIn;
  try {
    stand = await startPaymentsStandIn({ port: options.port, prompts: 'wallet' });
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new PhoneError(`port ${options.port} is in use: pick another with --wallet-port`)
      : error;
  }
  const waiting: MomoPrompt[] = [];
  const timers = new Set<NodeJS.Timeout>();
  /** Each prompt answered, and how many requests the stand-in had then (the server's status question comes after). */
  const answered: { reference: string; after: number }[] = [];
  const askedSince = ({ reference, after }: (typeof answered)[number]) =>
    stand.requests
      .slice(after)
      .some(
        (r) => r.method === 'GET' && r.path.endsWith(`/requesttopay/${reference}`) && r.answered !== null,
      );
  const answer = (prompt: MomoPrompt, given: WalletAnswer): string => {
    const index = waiting.indexOf(prompt);
    if (index >= 0) {
      waiting.splice(index, 1);
    }
    const done =
      given === 'approve' ? stand.wallet.approve(prompt.reference) : stand.wallet.reject(prompt.reference);
    if (!done) {
      return `· MTN MoMo: that prompt is no longer waiting (${prompt.amount} ${prompt.currency}).`;
    }
    answered.push({ reference: prompt.reference, after: stand.requests.length });
    const what = given === 'approve' ? 'approved' : 'rejected';
    return `→ MTN MoMo: you ${what} ${prompt.amount} ${prompt.currency}; the server hears it from MTN.`;
  };
  stand.onRequest((event) => {
    const prompt = promptFor(options.phone, event);
    if (prompt === null) {
      return;
    }
    waiting.push(prompt);
    options.show(`← ${promptText(prompt)}`);
    const auto = options.auto;
    if (auto !== null) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        options.show(answer(prompt, auto));
      }, AUTO_ANSWER_MS);
      timers.add(timer);
    }
  });
  const env = Object.entries(momoEnv(stand))
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  return {
    env,
    waiting: () => [...waiting],
    answer,
    async heard(ms) {
      const deadline = Date.now() + ms;
      while (timers.size > 0 || !answered.every(askedSince)) {
        if (Date.now() > deadline) {
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return true;
    },
    close() {
      for (const timer of timers) {
        clearTimeout(timer);
      }
      return stand.close();
    },
  };
}

/** Before the simulator exits: the server hears the answers given (or the user is told it has not). */
export async function hearing(wallet: Wallet, waitMs: number): Promise<void> {
  if (!(await wallet.heard(waitMs))) {
    console.log(`(the server did not ask MTN about an answered prompt within ${waitMs / 1000} s)`);
  }
}
