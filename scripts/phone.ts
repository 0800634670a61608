// npm run phone -- <ussd|sms|whatsapp>: a phone simulator for trainers and docs, talking to a Terroir server the way
// Africa's Talking (USSD, SMS) and the WhatsApp Cloud API do, with a local stand-in that catches the server's replies
// and an MTN MoMo wallet that shows the server's prompts to pay and approves or rejects them.
import { parseArgs } from 'node:util';
import { runMessages } from './phone-messages';
import { PhoneError, type PhoneOptions, UsageError } from './phone-shared';
import { runUssd } from './phone-ussd';

const USAGE = `Terroir phone simulator: a phone talking to a Terroir server over USSD, SMS or WhatsApp.

Usage: npm run phone -- <mode> [options]

Modes:
  ussd       Dial the USSD menu and type each answer (! or Ctrl-D hangs up).
  sms        Send SMS to the server (each line typed, or --send) and show the SMS it sends back.
  whatsapp   The same over WhatsApp (needs --secret).

Options:
  --url URL              The Terroir server (default http://localhost:3000)
  --phone NUMBER         The simulated phone, E.164 (default +237670000001)
  --key KEY              The server's AT_CALLBACK_KEY (default: $AT_CALLBACK_KEY); ussd and sms
  --network CODE         The networkCode sent (default 62401, MTN Cameroon)
  --service-code CODE    ussd: the code dialled (default *384*1234#)
  --answers LIST         ussd: send these answers in order (comma- or *-separated, e.g. 1,2,maize),
                         print every screen, then exit
  --short-code CODE      sms: the short code written to (default 1234)
  --secret SECRET        whatsapp: the app secret webhooks are signed with (default: $WHATSAPP_APP_SECRET)
  --provider-port PORT   sms, whatsapp: where the provider stand-in listens for the server's replies
                         (default 8790); the server must be started with the env line printed at start
  --send TEXT            sms, whatsapp: send this, wait for the replies, then go on (repeatable);
                         exits after the last. Lines piped in are sent the same way.
  --wait SECONDS         sms, whatsapp: how long to wait for a reply to each message (default 10)
  --wallet-port PORT     where the MTN MoMo wallet listens for the server's prompts to pay (default 8791);
                         the server must be started with the MOMO_* env line printed at start
  --wallet ANSWER        approve or reject every MoMo prompt at once (for scripts); without it, a prompt
                         is shown and answered by typing 1 (approve) or 2 (reject)
  -h, --help             Show this text

Examples:
  npm run phone -- ussd --key "$AT_CALLBACK_KEY"
  npm run phone -- ussd --answers 1,2,maize
  npm run phone -- sms --send "PRIX mais" --send "AIDE"
  echo "PRIX mais" | npm run phone -- sms
  npm run phone -- whatsapp --secret "$WHATSAPP_APP_SECRET" --send "PRIX mais"
  npm run phone -- sms --send "PAY 243 1234" --wallet approve
  npm run phone -- sms --send "TASKS" --send "DONE 1" --send "YES 1234"    # the farm's tasks this week
  npm run phone -- sms --send "RECOLTE 12 20 sac100" --send "OUI 1234"     # a harvest on plan 12
  npm run phone -- ussd --answers 6                                        # the USSD Farm menu
  npm run phone -- sms --send "STOCK" --send "PERTE 7 0,2 ravageurs" --send "OUI 1234"   # a loss on lot 7
  npm run phone -- sms --send "RECU 7KQ2MXH4PA"                            # check a deposit receipt

Exit status: 0 done; 1 failed (server not reachable or refusing, a message without a reply within
--wait, answers left over when the USSD session ended); 2 bad usage.`;

const MODES = ['ussd', 'sms', 'whatsapp'] as const;
type Mode = (typeof MODES)[number];

function parse(argv: string[]): { mode: Mode; options: PhoneOptions } | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      phone: { type: 'string', default: '+237670000001' },
      key: { type: 'string' },
      network: { type: 'string', default: '62401' },
      'service-code': { type: 'string', default: '*384*1234#' },
      answers: { type: 'string' },
      'short-code': { type: 'string', default: '1234' },
      secret: { type: 'string' },
      'provider-port': { type: 'string', default: '8790' },
      send: { type: 'string', multiple: true, default: [] },
      wait: { type: 'string', default: '10' },
      'wallet-port': { type: 'string', default: '8791' },
      wallet: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    return 'help';
  }
  const [mode, ...extra] = positionals;
  if (!MODES.includes(mode as Mode)) {
    throw new UsageError(mode ? `unknown mode '${mode}'` : 'which mode? ussd, sms or whatsapp');
  }
  if (extra.length > 0) {
    throw new UsageError(`unexpected argument '${extra[0]}' (quote a message that has spaces)`);
  }
  const only = (option: string, given: boolean, modes: Mode[]) => {
    if (given && !modes.includes(mode as Mode)) {
      throw new UsageError(`--${option} is for ${modes.join(' and ')} only`);
    }
  };
  only('answers', values.answers !== undefined, ['ussd']);
  only('send', values.send.length > 0, ['sms', 'whatsapp']);
  only('secret', values.secret !== undefined, ['whatsapp']);

  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new UsageError(`--url: not a URL: ${values.url}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError('--url must be http:// or https://');
  }
  if (!/^\+[1-9]\d{7,14}$/.test(values.phone)) {
    throw new UsageError(`--phone must be in E.164, like +237670000001 (got ${values.phone})`);
  }
  const port = portOf('provider-port', values['provider-port']);
  const walletPort = portOf('wallet-port', values['wallet-port']);
  if (walletPort === port) {
    throw new UsageError('--wallet-port and --provider-port must differ');
  }
  const walletAuto = values.wallet ?? null;
  if (walletAuto !== null && walletAuto !== 'approve' && walletAuto !== 'reject') {
    throw new UsageError(`--wallet must be approve or reject (got ${walletAuto})`);
  }
  const wait = Number(values.wait);
  if (!Number.isFinite(wait) || wait <= 0) {
    throw new UsageError(`--wait must be a number of seconds above 0 (got ${values.wait})`);
  }
  return {
    mode: mode as Mode,
    options: {
      url: url.href.replace(/\/+$/, ''),
      phone: values.phone,
      key: values.key ?? process.env.AT_CALLBACK_KEY,
      secret: values.secret ?? process.env.WHATSAPP_APP_SECRET,
      serviceCode: values['service-code'],
      shortCode: values['short-code'],
      network: values.network,
      answers:
        values.answers === undefined ? undefined : values.answers.split(/[,*]/).filter((a) => a !== ''),
      send: values.send,
      providerPort: port,
      waitMs: wait * 1000,
      walletPort,
      walletAuto,
    },
  };
}

function portOf(option: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new UsageError(`--${option} must be a port number (got ${value})`);
  }
  return port;
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`phone: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed === 'help') {
    console.log(USAGE);
    return 0;
  }
  const { mode, options } = parsed;
  try {
    return mode === 'ussd' ? await runUssd(options) : await runMessages(mode, options);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`phone: ${error.message}\n\nnpm run phone -- --help for the options.`);
      return 2;
    }
    if (error instanceof PhoneError) {
      console.error(`✗ ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exit(await main(process.argv.slice(2)));
