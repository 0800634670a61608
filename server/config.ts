// Configuration from the environment, parsed once at start-up; nothing else reads process.env.
import { z } from 'zod';
import type { TDeploymentConfig } from '../contract/config';
import { LANGUAGES } from '../contract/constants';
import { MAX_CURRENCY_DIGITS } from '../contract/money';
import type { MobileMoneyProvider } from '../contract/payments';
import { DEFAULT_WEIGHT_TOLERANCE_PERCENT } from '../contract/weighing';
import { envBool, PHOTO_STORE_ENV, type PhotoStoreConfig, photoStoreConfig } from './config-photo-store';

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: envBool.default(false),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_DATA: envBool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_DIST: z.string().default('dist/web'),
  /** The deployment's currency (ISO 4217): every amount is in it; recorded at the first start. */
  CURRENCY: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code), {
      message: 'an ISO 4217 currency code, e.g. USD, XAF, XOF, GHS, NGN',
      abort: true,
    })
    .refine((code) => currencyDigitsOf(code) <= MAX_CURRENCY_DIGITS, {
      message: `a currency with at most ${MAX_CURRENCY_DIGITS} decimals (amounts are kept in hundredths)`,
    })
    .default('USD'),
  /** What phone number fields start with, e.g. +237. */
  DEFAULT_COUNTRY_CODE: z
    .string()
    .regex(/^\+[1-9][0-9]{0,3}$/, 'a country calling code such as +237')
    .optional(),
  /** What one SMS costs the operator, in the currency (shown before a co-operative's broadcast is sent). */
  SMS_PRICE: z.coerce.number().min(0).max(1000).default(0),
  /** What an agent earns of a completed order's total, in percent. */
  AGENT_COMMISSION_PERCENT: z.coerce.number().min(0).max(50).default(2),
  /** How far (percent of the ordered quantity) a weighing may be from the order and be billed without the buyer's acceptance. */
  WEIGHT_TOLERANCE_PERCENT: z.coerce.number().min(0).max(50).default(DEFAULT_WEIGHT_TOLERANCE_PERCENT),
  /** Where the app is reached from a phone (links in SMS and WhatsApp messages). */
  PUBLIC_URL: z.string().url().optional(),
  // Africa's Talking SMS (the channel is on when the username and key are set).
  AT_USERNAME: z.string().optional(),
  AT_API_KEY: z.string().optional(),
  AT_SENDER_ID: z.string().optional(),
  AT_BASE_URL: z.string().url().default('https://api.africastalking.com'),
  /** The secret in the callback URLs given to Africa's Talking (they are not signed); it also turns USSD on. */
  AT_CALLBACK_KEY: z.string().min(16).optional(),
  // WhatsApp Cloud API (on when the token and phone number id are set).
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^[0-9]+$/)
    .optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_BASE: z.string().url().default('https://graph.facebook.com/v21.0'),
  /** Approved templates for messages outside the 24-hour window: one body parameter each. */
  WHATSAPP_TEMPLATE_NOTIFICATION: z.string().default('terroir_notification'),
  WHATSAPP_TEMPLATE_CODE: z.string().default('terroir_code'),
  /** How often each instance looks for messages to send, and how long it waits for a provider. */
  OUTBOUND_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  // MTN MoMo Open API (PAYMENTS.md): Collections take the buyer's money, Disbursements pay sellers and agents.
  MOMO_BASE_URL: z.string().url().default('https://sandbox.momodeveloper.mtn.com'),
  /** `sandbox`, `mtncameroon`, `mtnghana`, `mtnivorycoast`, … */
  MOMO_TARGET_ENVIRONMENT: z.string().min(1).default('sandbox'),
  /** The currency MTN is asked in; default the deployment's (MTN's sandbox takes only EUR). */
  MOMO_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  MOMO_COLLECTION_SUBSCRIPTION_KEY: z.string().optional(),
  MOMO_COLLECTION_USER_ID: z.string().optional(),
  MOMO_COLLECTION_API_KEY: z.string().optional(),
  MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().optional(),
  MOMO_DISBURSEMENT_USER_ID: z.string().optional(),
  MOMO_DISBURSEMENT_API_KEY: z.string().optional(),
  // Orange Money Web Payment.
  ORANGE_BASE_URL: z.string().url().default('https://api.orange.com'),
  ORANGE_CLIENT_ID: z.string().optional(),
  ORANGE_CLIENT_SECRET: z.string().optional(),
  ORANGE_MERCHANT_KEY: z.string().optional(),
  /** The country in Orange's paths: `dev` (sandbox), `cm`, `ci`, … */
  ORANGE_COUNTRY: z
    .string()
    .regex(/^[a-z]{2,3}$/)
    .default('dev'),
  /** The currency Orange is asked in; default the deployment's (Orange's sandbox takes only OUV). */
  ORANGE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** The secret in the callback URLs given to MTN (its callbacks are not signed). */
  PAYMENTS_CALLBACK_KEY: z.string().min(16).optional(),
  /** How long after delivery the buyer's money stays in escrow, for a dispute to be opened. */
  ESCROW_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(48),
  /** How often each instance looks for payments to start or check. */
  PAYMENTS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** How often each instance looks for tomorrow's crop tasks to remind (each is reminded once, whatever the beat). */
  TASK_REMINDER_MS: z.coerce.number().int().min(1000).max(86_400_000).default(900_000),
  // Weather for every farm from Open-Meteo (free for non-commercial use without a key; a commercial key goes with
  // its customer hosts). `off`: no provider, the analyses read the farms' own readings only.
  WEATHER: z.enum(['open-meteo', 'off']).default('open-meteo'),
  WEATHER_BASE_URL: z.string().url().default('https://api.open-meteo.com'),
  WEATHER_ARCHIVE_BASE_URL: z.string().url().default('https://archive-api.open-meteo.com'),
  /** The commercial key, sent as `apikey`. */
  WEATHER_API_KEY: z.string().min(1).optional(),
  /** How often a grid cell's weather is refreshed. */
  WEATHER_REFRESH_MINUTES: z.coerce.number().min(1).max(1440).default(60),
  /** How often each instance looks for a cell to refresh (tests and the demo shorten it). */
  WEATHER_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  // Where photos' bytes are kept (config-photo-store.ts).
  ...PHOTO_STORE_ENV,
});

export interface WeatherConfig {
  baseUrl: string;
  archiveBaseUrl: string;
  apiKey: string | null;
  refreshMinutes: number;
  pollMs: number;
  /** How long a provider call may take. */
  timeoutMs: number;
}

export interface SmsConfig {
  username: string;
  apiKey: string;
  senderId: string | null;
  baseUrl: string;
  callbackKey: string | null;
}

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  apiBase: string;
  appSecret: string | null;
  verifyToken: string | null;
  templates: { notification: string; code: string };
}

export interface ChannelsConfig {
  /** null: the channel is off on this server. */
  sms: SmsConfig | null;
  whatsapp: WhatsAppConfig | null;
  /** The USSD menus (answered in the request, so they need only the callback key); null: off. */
  ussd: { callbackKey: string } | null;
  publicUrl: string;
  pollMs: number;
  timeoutMs: number;
}

/** A currency's decimals as ISO 4217 gives them (through the runtime's tables): XAF 0, USD 2. */
export function currencyDigitsOf(code: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** An MTN product's API user: its subscription key and the user id and key its token is asked with. */
export interface MomoProductConfig {
  subscriptionKey: string;
  userId: string;
  apiKey: string;
}

export interface MomoConfig {
  baseUrl: string;
  targetEnvironment: string;
  currency: string;
  /** null: that product is off. */
  collection: MomoProductConfig | null;
  disbursement: MomoProductConfig | null;
}

export interface OrangeConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  merchantKey: string;
  country: string;
  currency: string;
}

export interface PaymentsConfig {
  /** null: MTN is off on this server (both products unset). */
  momo: MomoConfig | null;
  orange: OrangeConfig | null;
  callbackKey: string | null;
  escrowHoldHours: number;
  pollMs: number;
  /** How long a provider call may take (the outbound timeout). */
  timeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  trustProxy: boolean;
  admin: { username: string; password: string } | null;
  /** undefined: decide from the database (demo data on an empty embedded database). */
  demoData: boolean | undefined;
  logLevel: string;
  nodeEnv: 'development' | 'production' | 'test';
  webDist: string;
  agentCommissionPercent: number;
  /** One SMS's price in cents (0: unknown or free). */
  smsPriceCents: number;
  weightTolerancePercent: number;
  currency: { code: string; digits: number };
  defaultCountryCode: string | null;
  channels: ChannelsConfig;
  payments: PaymentsConfig;
  crops: { reminderMs: number };
  /** null: WEATHER=off. */
  weather: WeatherConfig | null;
  /** null: PHOTO_STORE=database. */
  photoStore: PhotoStoreConfig;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new Error('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    trustProxy: e.TRUST_PROXY,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : null,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    webDist: e.WEB_DIST,
    agentCommissionPercent: e.AGENT_COMMISSION_PERCENT,
    smsPriceCents: Math.round(e.SMS_PRICE * 100),
    weightTolerancePercent: e.WEIGHT_TOLERANCE_PERCENT,
    currency: { code: e.CURRENCY, digits: currencyDigitsOf(e.CURRENCY) },
    defaultCountryCode: e.DEFAULT_COUNTRY_CODE ?? null,
    channels: channelsConfig(e),
    payments: paymentsConfig(e),
    crops: { reminderMs: e.TASK_REMINDER_MS },
    weather:
      e.WEATHER === 'off'
        ? null
        : {
            baseUrl: e.WEATHER_BASE_URL.replace(/\/+$/, ''),
            archiveBaseUrl: e.WEATHER_ARCHIVE_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.WEATHER_API_KEY ?? null,
            refreshMinutes: e.WEATHER_REFRESH_MINUTES,
            pollMs: e.WEATHER_POLL_MS,
            timeoutMs: 15_000,
          },
    photoStore: photoStoreConfig(e),
  };
}

function momoProduct(subscriptionKey?: string, userId?: string, apiKey?: string): MomoProductConfig | null {
  return subscriptionKey && userId && apiKey ? { subscriptionKey, userId, apiKey } : null;
}

function paymentsConfig(e: z.output<typeof ZEnv>): PaymentsConfig {
  const collection = momoProduct(
    e.MOMO_COLLECTION_SUBSCRIPTION_KEY,
    e.MOMO_COLLECTION_USER_ID,
    e.MOMO_COLLECTION_API_KEY,
  );
  const disbursement = momoProduct(
    e.MOMO_DISBURSEMENT_SUBSCRIPTION_KEY,
    e.MOMO_DISBURSEMENT_USER_ID,
    e.MOMO_DISBURSEMENT_API_KEY,
  );
  return {
    momo:
      collection || disbursement
        ? {
            baseUrl: e.MOMO_BASE_URL.replace(/\/+$/, ''),
            targetEnvironment: e.MOMO_TARGET_ENVIRONMENT,
            currency: e.MOMO_CURRENCY ?? e.CURRENCY,
            collection,
            disbursement,
          }
        : null,
    orange:
      e.ORANGE_CLIENT_ID && e.ORANGE_CLIENT_SECRET && e.ORANGE_MERCHANT_KEY
        ? {
            baseUrl: e.ORANGE_BASE_URL.replace(/\/+$/, ''),
            clientId: e.ORANGE_CLIENT_ID,
            clientSecret: e.ORANGE_CLIENT_SECRET,
            merchantKey: e.ORANGE_MERCHANT_KEY,
            country: e.ORANGE_COUNTRY,
            currency: e.ORANGE_CURRENCY ?? e.CURRENCY,
          }
        : null,
    callbackKey: e.PAYMENTS_CALLBACK_KEY ?? null,
    escrowHoldHours: e.ESCROW_HOLD_HOURS,
    pollMs: e.PAYMENTS_POLL_MS,
    timeoutMs: e.OUTBOUND_TIMEOUT_MS,
  };
}

function channelsConfig(e: z.output<typeof ZEnv>): ChannelsConfig {
  return {
    sms:
      e.AT_USERNAME && e.AT_API_KEY
        ? {
            username: e.AT_USERNAME,
            apiKey: e.AT_API_KEY,
            senderId: e.AT_SENDER_ID ?? null,
            baseUrl: e.AT_BASE_URL.replace(/\/+$/, ''),
            callbackKey: e.AT_CALLBACK_KEY ?? null,
          }
        : null,
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            apiBase: e.WHATSAPP_API_BASE.replace(/\/+$/, ''),
            appSecret: e.WHATSAPP_APP_SECRET ?? null,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? null,
            templates: { notification: e.WHATSAPP_TEMPLATE_NOTIFICATION, code: e.WHATSAPP_TEMPLATE_CODE },
          }
        : null,
    ussd: e.AT_CALLBACK_KEY ? { callbackKey: e.AT_CALLBACK_KEY } : null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    pollMs: e.OUTBOUND_POLL_MS,
    timeoutMs: e.OUTBOUND_TIMEOUT_MS,
  };
}

/** The providers a buyer can pay with on this server (MTN needs its Collections product). */
export function mobileMoneyProviders(config: Pick<Config, 'payments'>): MobileMoneyProvider[] {
  return [
    ...(config.payments.momo?.collection ? (['mtn_momo'] as const) : []),
    ...(config.payments.orange ? (['orange_money'] as const) : []),
  ];
}

/** What GET /api/config (and every page the server writes) tells clients of this deployment. */
export function deploymentConfig(config: Config): TDeploymentConfig {
  return {
    currency: config.currency.code,
    currencyDigits: config.currency.digits,
    defaultCountryCode: config.defaultCountryCode,
    languages: [...LANGUAGES],
    mobileMoney: mobileMoneyProviders(config),
  };
}
