// The phone simulator's SMS and WhatsApp modes: posts the phone's messages to the server's inbound callbacks the way
// the providers do, and shows the replies the server sends through the provider stand-in, and its MoMo prompts.
import { createInterface } from 'node:readline';
import { hubSignature } from '../server/channels/hub-signature';
import {
  AT_ENV,
  type PhoneOptions,
  postToServer,
  randomId,
  requireKey,
  UsageError,
  WHATSAPP_ENV,
} from './phone-shared';
import { type StandIn, startStandIn } from './phone-stand-in';
import { hearing, startWallet, type Wallet, walletAnswerOf } from './phone-wallet';

/** Once a reply has come, how long without another before the next message goes. */
const QUIET_MS = 1_500;

export async function runMessages(channel: 'sms' | 'whatsapp', options: PhoneOptions): Promise<number> {
  const send = channel === 'sms' ? smsSender(options) : whatsAppSender(options);
  const interactive = options.send.length === 0 && process.stdin.isTTY === true;
  const rl = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : null;
  // While the prompt is up, a reply is shown above it and the prompt drawn again.
  const show = (line: string) => {
    if (rl) {
      process.stdout.write('\r\x1b[K');
      console.log(line);
      rl.prompt(true);
    } else {
      console.log(line);
    }
  };
  const standIn = await startStandIn(options.providerPort, options.phone, show);
  let wallet: Wallet;
  try {
    wallet = await startWallet({
      port: options.walletPort,
      phone: options.phone,
      show,
      auto: options.walletAuto,
    });
  } catch (error) {
    await standIn.close();
    throw error;
  }
  console.log(
    `Provider stand-in on http://127.0.0.1:${options.providerPort}, MTN MoMo wallet on ` +
      `http://127.0.0.1:${options.walletPort}. Start the server with:`,
  );
  console.log(`  ${send.env} ${wallet.env} npm run serve\n`);
  try {
    if (rl) {
      return await interactiveLoop(rl, send.post, options.phone, wallet);
    }
    const messages = options.send.length > 0 ? options.send : await readAllLines();
    if (messages.length === 0) {
      console.log('(nothing to send: pass --send, pipe lines in, or run it in a terminal)');
    }
    let unanswered = 0;
    for (const message of messages) {
      const before = standIn.count();
      console.log(`→ ${options.phone}: ${message}`);
      await send.post(message);
      if (!(await repliesAfter(standIn, before, options.waitMs))) {
        console.log(`(no reply within ${options.waitMs / 1000} s)`);
        unanswered++;
      }
    }
    for (const prompt of wallet.waiting()) {
      console.log(
        `(MoMo prompt of ${prompt.amount} ${prompt.currency} left unanswered: --wallet approve answers it)`,
      );
    }
    return unanswered > 0 ? 1 : 0;
  } finally {
    rl?.close();
    await hearing(wallet, options.waitMs);
    await standIn.close();
    await wallet.close();
  }
}

interface Sender {
  env: string;
  post(text: string): Promise<unknown>;
}

function smsSender(options: PhoneOptions): Sender {
  const key = requireKey(options);
  const env = AT_ENV(options.providerPort, key);
  const target = {
    channel: 'SMS',
    url: `${options.url}/api/channels/sms/inbound?key=${encodeURIComponent(key)}`,
    refusedHint: '--key (or AT_CALLBACK_KEY) must match the server’s AT_CALLBACK_KEY',
    configHint: `${env} npm run serve`,
  };
  return {
    env,
    post: (text) =>
      postToServer(
        target,
        new URLSearchParams({
          from: options.phone,
          to: options.shortCode,
          text,
          // AT's form: "2025-01-31 14:05:09" (UTC).
          date: new Date().toISOString().slice(0, 19).replace('T', ' '),
          id: `sim-${randomId(12)}`,
          linkId: `sim-link-${randomId(6)}`,
          networkCode: options.network,
        }).toString(),
        'application/x-www-form-urlencoded',
      ),
  };
}

function whatsAppSender(options: PhoneOptions): Sender {
  const secret = options.secret;
  if (!secret) {
    throw new UsageError(
      'whatsapp needs --secret (or WHATSAPP_APP_SECRET), the app secret the server checks with',
    );
  }
  const env = WHATSAPP_ENV(options.providerPort, secret);
  const target = {
    channel: 'WhatsApp',
    url: `${options.url}/api/channels/whatsapp/webhook`,
    refusedHint: '--secret must match the server’s WHATSAPP_APP_SECRET',
    configHint: `${env} npm run serve`,
  };
  const waId = options.phone.replace(/^\+/, '');
  return {
    env,
    post: (text) => {
      const value = {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '237600000000', phone_number_id: '1000' },
        contacts: [{ profile: { name: 'Phone simulator' }, wa_id: waId }],
        messages: [
          {
            from: waId,
            id: `wamid.sim-in-${randomId(12)}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      };
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: '1000000', changes: [{ field: 'messages', value }] }],
      });
      return postToServer(target, payload, 'application/json', {
        'x-hub-signature-256': hubSignature(payload, secret),
      });
    },
  };
}

/**
 * Sends each line typed; replies are shown whenever they come. While a MoMo prompt waits, 1 or 2 answers it instead.
 * Ctrl-D or ! ends.
 */
function interactiveLoop(
  rl: ReturnType<typeof createInterface>,
  post: (text: string) => Promise<unknown>,
  phone: string,
  wallet: Wallet,
): Promise<number> {
  console.log(`Type a message from ${phone} and Enter; 1 or 2 answers a MoMo prompt; ! or Ctrl-D quits.`);
  rl.setPrompt('> ');
  rl.prompt();
  let sending = Promise.resolve();
  return new Promise((resolve) => {
    rl.on('line', (line) => {
      const text = line.trim();
      if (text === '!') {
        rl.close();
        return;
      }
      if (text === '') {
        rl.prompt();
        return;
      }
      const [prompt] = wallet.waiting();
      const answer = walletAnswerOf(text);
      if (prompt && answer) {
        console.log(wallet.answer(prompt, answer));
        rl.prompt();
        return;
      }
      sending = sending.then(() =>
        post(text).then(
          () => rl.prompt(),
          (error: Error) => {
            console.error(`✗ ${error.message}`);
            rl.prompt();
          },
        ),
      );
    });
    rl.on('close', () => {
      console.log();
      void sending.then(() => resolve(0));
    });
  });
}

/** Whether a reply came within waitMs of `before`; once one has, waits for QUIET_MS without another. */
function repliesAfter(standIn: StandIn, before: number, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(quiet);
      clearTimeout(deadline);
      standIn.onMessage.delete(onMessage);
      resolve(standIn.count() > before);
    };
    const onMessage = () => {
      clearTimeout(quiet);
      quiet = setTimeout(finish, QUIET_MS);
    };
    const deadline = setTimeout(finish, waitMs);
    standIn.onMessage.add(onMessage);
    // A reply can come before the server has even answered the inbound POST.
    if (standIn.count() > before) {
      onMessage();
    }
  });
}

async function readAllLines(): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== '') {
      lines.push(line.trim());
    }
  }
  return lines;
}
