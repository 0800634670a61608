// The event bus: writes NOTIFY inside their transaction, every instance LISTENs and fans out to its streams.
import { type SQL, sql } from 'drizzle-orm';
import { EVENTS_CHANNEL, type TLiveEvent, ZLiveEvent } from '../../contract/events';
import type { Database, Tx } from '../db/client';

type Listener = (event: TLiveEvent) => void;

export class EventBus {
  private readonly listeners = new Set<Listener>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => {
      const parsed = ZLiveEvent.safeParse(safeJson(payload));
      if (parsed.success) {
        for (const listener of this.listeners) {
          listener(parsed.data);
        }
      }
    });
  }

  async stop(): Promise<void> {
    this.listeners.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /**
   * The NOTIFY of an event whose id a statement computes (e.g. a row it inserts), to put in that statement:
   * a single-statement write is atomic by itself and needs no BEGIN/COMMIT round trips around its NOTIFY.
   */
  notifySql(type: TLiveEvent['type'], id: SQL): SQL {
    return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('type', ${type}::text, 'id', ${id})::text)`;
  }

  /** Publish inside the write's transaction: PostgreSQL delivers it only if the transaction commits. */
  async publish(tx: Tx, event: TLiveEvent): Promise<void> {
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
