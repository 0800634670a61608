// The phone simulator's USSD mode: dials the server's USSD callback the way Africa's Talking does, screen by screen;
// a MoMo prompt the session asked for is answered once the session has ended, as on a handset.
import { createInterface } from 'node:readline';
import { PhoneError, type PhoneOptions, postToServer, randomId, requireKey } from './phone-shared';
import { hearing, promptText, startWallet, type Wallet, walletAnswerOf } from './phone-wallet';

/** What handsets show reliably on one USSD screen. */
const SCREEN_LIMIT = 182;
const BOX_WIDTH = 44;

type Outcome = 'ended' | 'quit' | 'no-more-answers' | 'broken';

export async function runUssd(options: PhoneOptions): Promise<number> {
  const key = requireKey(options);
  const wallet = await startWallet({
    port: options.walletPort,
    phone: options.phone,
    // A prompt arrives while the PIN's request is answered: the user answers it after the END screen.
    show: (line) => {
      if (options.walletAuto !== null || !line.startsWith('← ')) {
        console.log(line);
      }
    },
    auto: options.walletAuto,
  });
  console.log(
    `MTN MoMo wallet on http://127.0.0.1:${options.walletPort}. To pay by MoMo, start the server with:`,
  );
  console.log(`  AT_CALLBACK_KEY=${key} ${wallet.env} npm run serve`);
  try {
    return await dialSessions(options, key, wallet);
  } finally {
    await hearing(wallet, options.waitMs);
    await wallet.close();
  }
}

async function dialSessions(options: PhoneOptions, key: string, wallet: Wallet): Promise<number> {
  const target = {
    channel: 'USSD',
    url: `${options.url}/api/channels/ussd?key=${encodeURIComponent(key)}`,
    refusedHint: '--key (or AT_CALLBACK_KEY) must match the server’s AT_CALLBACK_KEY',
    configHint: `AT_CALLBACK_KEY=${key} npm run serve`,
  };
  const dial = (text: string, sessionId: string) =>
    postToServer(
      target,
      new URLSearchParams({
        sessionId,
        serviceCode: options.serviceCode,
        phoneNumber: options.phone,
        networkCode: options.network,
        text,
      }).toString(),
      'application/x-www-form-urlencoded',
    );

  if (options.answers) {
    const queue = [...options.answers];
    const outcome = await session(dial, options, async () => {
      const answer = queue.shift();
      if (answer !== undefined) {
        console.log(`> ${answer}`);
      }
      return answer ?? null;
    });
    await answerPrompts(wallet, async () => null);
    if (outcome === 'ended' && queue.length > 0) {
      console.error(`The session ended with ${queue.length} answer(s) unused: ${queue.join(',')}`);
      return 1;
    }
    if (outcome === 'no-more-answers') {
      console.log('(no more answers: the session is left open)');
    }
    return outcome === 'broken' ? 1 : 0;
  }

  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | null> => {
    rl.setPrompt(prompt);
    rl.prompt();
    const next = await lines.next();
    // A terminal echoes what is typed; piped answers are echoed here so the transcript reads the same.
    if (next.done || !process.stdin.isTTY) {
      console.log(next.done ? '' : next.value);
    }
    return next.done ? null : next.value;
  };
  console.log('Type your answer and Enter; ! or Ctrl-D hangs up.');
  try {
    for (;;) {
      const outcome = await session(dial, options, async () => {
        for (;;) {
          const line = await ask('> ');
          if (line === null || line.trim() === '!') {
            return null;
          }
          if (line.trim() !== '') {
            return line.trim();
          }
        }
      });
      if (!(await answerPrompts(wallet, ask))) {
        return 0;
      }
      if (outcome !== 'ended' && outcome !== 'broken') {
        console.log('(hung up)');
        return 0;
      }
      const again = await ask(`Dial ${options.serviceCode} again? [Y/n] `);
      if (again === null || /^\s*(n|no|!)\s*$/i.test(again)) {
        return 0;
      }
    }
  } finally {
    rl.close();
  }
}

/**
 * Shows each MoMo prompt that came during the session and reads its answer (1 approve / 2 reject); with --wallet the
 * simulator has answered already. False when input ended.
 */
async function answerPrompts(
  wallet: Wallet,
  ask: (prompt: string) => Promise<string | null>,
): Promise<boolean> {
  for (const prompt of wallet.waiting()) {
    console.log(`\n← ${promptText(prompt)}`);
    for (;;) {
      const line = await ask('MoMo> ');
      if (line === null) {
        console.log('(MoMo prompt left unanswered)');
        return false;
      }
      const answer = walletAnswerOf(line);
      if (answer) {
        console.log(wallet.answer(prompt, answer));
        break;
      }
    }
  }
  return true;
}

/** One session: dial, then send each answer with every one before it, until END or no more answers. */
async function session(
  dial: (text: string, sessionId: string) => Promise<{ text: string; ms: number }>,
  options: PhoneOptions,
  nextAnswer: () => Promise<string | null>,
): Promise<Outcome> {
  const sessionId = `ATUid_sim${randomId()}`;
  const path: string[] = [];
  console.log(`\nDialling ${options.serviceCode} from ${options.phone} (session ${sessionId})`);
  for (;;) {
    let answer: { text: string; ms: number };
    try {
      answer = await dial(path.join('*'), sessionId);
    } catch (error) {
      if (path.length === 0 || !(error instanceof PhoneError)) {
        throw error;
      }
      console.error(`✗ ${error.message}`);
      return 'broken';
    }
    const kind = answer.text.slice(0, 4);
    if (kind !== 'CON ' && kind !== 'END ') {
      console.error(
        '✗ The server answered neither "CON …" nor "END …": the phone would show a generic failure. It said:',
      );
      console.error(indent(answer.text || '(an empty body)'));
      return 'broken';
    }
    showScreen(answer.text.slice(4), kind.trim(), answer.ms);
    if (kind === 'END ') {
      return 'ended';
    }
    const next = await nextAnswer();
    if (next === null) {
      return options.answers ? 'no-more-answers' : 'quit';
    }
    path.push(next);
  }
}

function showScreen(screen: string, kind: string, ms: number): void {
  const length = [...screen].length;
  const count = `${length}/${SCREEN_LIMIT} chars${length > SCREEN_LIMIT ? ' ⚠ TOO LONG for many handsets' : ''}`;
  const title = `─ ${kind} · ${count} · ${ms} ms `;
  console.log(`┌${title}${'─'.repeat(Math.max(2, BOX_WIDTH - title.length))}`);
  for (const line of screen.split('\n')) {
    console.log(`│ ${line}`);
  }
  console.log(`└${'─'.repeat(BOX_WIDTH)}`);
  if (kind === 'END') {
    console.log('(session over)');
  }
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
