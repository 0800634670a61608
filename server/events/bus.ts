// The event bus: writes NOTIFY inside their transaction, every instance LISTENs and fans out to its streams.
import { type SQL, sql } from 'drizzle-orm';
import { EVENTS_CHANNEL, type TLiveEvent } from '../../contract/events';
import type { Database, Tx } from '../db/client';
import { type Audience, notifyExpression, type Recipients, ZNotice } from './audience';

/** Hears every event with its audience: caches drop what changed for all; streams deliver only to the audience. */
type Listener = (event: TLiveEvent, to: Recipients) => void;

export interface SubscribeOptions {
  /**
   * Also hear this instance's own events as they are written, before their transaction commits (and whether or not
   * it does), with their audience unknown ('*'): for caches, so that the writer's next read never meets a copy from
   * before its write. The committed event is heard as well, when it comes back: it drops whatever was read in
   * between.
   */
  asWritten?: boolean;
}

export class EventBus {
  private readonly listeners = new Set<Listener>();
  private readonly writeListeners = new Set<Listener>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => {
      const parsed = ZNotice.safeParse(safeJson(payload));
      if (parsed.success) {
        const { to, ...event } = parsed.data;
        for (const listener of this.listeners) {
          listener(event, to ?? []);
        }
      }
    });
  }

  async stop(): Promise<void> {
    this.listeners.clear();
    this.writeListeners.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /**
   * The NOTIFY of an event whose id a statement computes (e.g. a row it inserts), to put in that statement:
   * a single-statement write is atomic by itself and needs no BEGIN/COMMIT round trips around its NOTIFY.
   */
  notifySql(event: { type: TLiveEvent['type']; id: SQL }, audience: Audience): SQL {
    return notifyExpression(event, audience);
  }

  /** Publish inside the write's transaction: PostgreSQL delivers it only if the transaction commits. */
  async publish(tx: Tx, event: TLiveEvent, audience: Audience): Promise<void> {
    await tx.execute(sql`select ${notifyExpression(event, audience)}`);
    for (const listener of this.writeListeners) {
      listener(event, '*');
    }
  }

  subscribe(listener: Listener, options: SubscribeOptions = {}): () => void {
    this.listeners.add(listener);
    if (options.asWritten) {
      this.writeListeners.add(listener);
    }
    return () => {
      this.listeners.delete(listener);
      this.writeListeners.delete(listener);
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
