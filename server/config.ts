// Configuration from the environment, parsed once at start-up; nothing else reads process.env.
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: bool.default(false),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_DIST: z.string().default('dist/web'),
  /** What an agent earns of a completed order's total, in percent. */
  AGENT_COMMISSION_PERCENT: z.coerce.number().min(0).max(50).default(2),
});

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
  };
}
