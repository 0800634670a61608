// Opens the database: embedded PGlite in a folder by default, a node-postgres pool when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openDurablePglite } from './durable-pglite';
import { scopedDb } from './request-transaction';
/** Tables live beside their modules (`*.schema.ts`); queries use the core builder, so no schema object is needed. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Raw query rows (PGlite and node-postgres both answer `{rows}`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The PGlite instance in embedded mode (for dumps and tests). */
  pglite: PGlite | null;
}

export interface OpenOptions {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** Embedded only: start from a dump made by `dumpDataDir` (tests clone one migrated template). */
  loadDataDir?: Blob | File | undefined;
  /** Embedded only: keep the database in memory. */
  memory?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.memory) {
    dataDir = options.dataDir ?? './data';
    mkdirSync(dataDir, { recursive: true });
  }
  const loadDataDir = options.loadDataDir ? { loadDataDir: options.loadDataDir } : {};
  const client = dataDir
    ? await openDurablePglite(dataDir, loadDataDir)
    : await PGlite.create(undefined, loadDataDir);
  const db = scopedDb(drizzlePglite({ client }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => {
        await unsubscribe();
      };
    },
    async close() {
      if (!client.closed) {
        await client.close();
      }
    },
  };
}

const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

// Queries (not DDL: a migration must never meet a plan cached before it) that get a name.
const DML = /^\s*(select|insert|update|delete|with)\s/i;

/**
 * Every query text this process sends gets a name (up to MAX_NAMED_STATEMENTS distinct texts; later ones go
 * unnamed), so each pooled connection parses and plans a statement once and then only binds and executes it:
 * planning was most of PostgreSQL's CPU per write (bench:api writes +30 % to +100 %). Not for PgBouncer in
 * transaction mode, which cannot keep a connection's prepared statements.
 */
function statementName(text: string): string | undefined {
  if (!DML.test(text)) {
    return undefined;
  }
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryFn = (config: unknown, ...rest: unknown[]) => unknown;

function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  const named: QueryFn = (config, ...rest) => {
    if (config && typeof config === 'object' && 'text' in config && !('name' in config && config.name)) {
      const name = statementName(String(config.text));
      if (name !== undefined) {
        return query({ ...config, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
  (client as unknown as { query: QueryFn }).query = named;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('connect', (client) => nameStatements(client));
  pool.on('error', () => {
    // An idle client died (server restart); the pool replaces it on next use.
  });
  await pool.query('select 1');
  const db = scopedDb(drizzlePg({ client: pool }) as unknown as Db);
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    pglite: null,
    async listen(channel, onPayload) {
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) {
            onPayload(msg.payload);
          }
        });
        c.on('error', () => {
          // Reconnect so that this instance keeps hearing the others' writes.
          if (!stopped) {
            setTimeout(() => void connect().catch(() => undefined), 1000);
          }
        });
        await c.connect();
        await c.query(`LISTEN "${channel.replaceAll('"', '')}"`);
        client = c;
        listeners.push(c);
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
