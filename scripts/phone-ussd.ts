// The phone simulator's USSD mode: dials the server's USSD callback the way Africa's Talking does, screen by screen.
import { createInterface } from 'node:readline';
import { PhoneError, type PhoneOptions, postToServer, randomId, requireKey } from './phone-shared';

/** What handsets show reliably on one USSD screen. */
const SCREEN_LIMIT = 182;
const BOX_WIDTH = 44;

type Outcome = 'ended' | 'quit' | 'no-more-answers' | 'broken';

export async function runUssd(options: PhoneOptions): Promise<number> {
  const key = requireKey(options);
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
