// In-memory unread count and first pages of each user's notifications, dropped per user by `notification` events
// (and all by a catalogue edit: their texts name commodities).
import type { Language } from '../../contract/constants';
import { ZNotification } from '../../contract/notifications';
import type { CoreContext } from '../core-context';
import { isCatalogueEdit } from '../events/catalogue-edit';
import { jsonArray, jsonText } from '../http/json-body';
import { paginate } from '../http/pagination';
import { type CommodityNames, presentNotification } from './notifications.present';
import { listNotifications, unreadCount } from './notifications.repo';

/** Users whose inbox is kept (past it the cache starts afresh: each inbox is loaded again at its next read). */
const MAX_USERS = 10_000;
/**
 * How long a write of this instance that notifies a user keeps that user's reads on the database if its event never
 * comes (a rolled-back transaction sends none).
 */
const PENDING_MAX_MS = 10_000;

export interface InboxPage {
  body: Buffer;
  next: string | null;
}

/** One user's cached answers; a drop replaces the whole object, so a load finishing after it is not kept. */
interface Inbox {
  count?: Promise<Buffer>;
  pages: Map<string, Promise<InboxPage>>;
}

export class InboxCache {
  private readonly inboxes = new Map<number, Inbox>();
  /** Users this instance is writing notifications for, whose events have not come back yet. */
  private readonly pending = new Map<number, { writes: number; since: number }>();

  constructor(
    private readonly ctx: CoreContext,
    /** The catalogue the texts name commodities by (this instance's copy). */
    private readonly names: () => Promise<CommodityNames>,
  ) {
    ctx.bus.subscribe((event, to) => {
      if (isCatalogueEdit(event)) {
        this.dropAll();
        return;
      }
      if (event.type !== 'notification') {
        return;
      }
      if (to === '*') {
        this.inboxes.clear();
        return;
      }
      for (const userId of to) {
        this.arrived(userId);
      }
    });
  }

  /**
   * Called by this instance's writes before they notify (or mark read for) these users: until each write's event
   * comes back through LISTEN/NOTIFY, after its commit, their reads go to the database, so whoever reads here right
   * after the write sees it. Other instances drop when the event reaches them.
   */
  expect(userIds: readonly number[]): void {
    const now = Date.now();
    for (const userId of userIds) {
      this.inboxes.delete(userId);
      const mark = this.pending.get(userId);
      this.pending.set(userId, { writes: (mark?.writes ?? 0) + 1, since: now });
    }
  }

  /** Every inbox is read afresh (their texts name commodities: called on a catalogue edit). */
  dropAll(): void {
    this.inboxes.clear();
  }

  private arrived(userId: number): void {
    this.inboxes.delete(userId);
    const mark = this.pending.get(userId);
    if (mark && --mark.writes <= 0) {
      this.pending.delete(userId);
    }
  }

  /** The user's unread count as JSON (`{"count":n}`). */
  unreadBody(userId: number): Promise<Buffer> {
    const inbox = this.inboxOf(userId);
    if (!inbox) {
      return this.loadCount(userId);
    }
    if (!inbox.count) {
      const load = this.loadCount(userId);
      inbox.count = load;
      // A failed load is not kept.
      load.catch(() => {
        if (inbox.count === load) {
          inbox.count = undefined;
        }
      });
    }
    return inbox.count;
  }

  /** The first page of the user's notifications (`limit` of them) in their language, as JSON. */
  firstPage(userId: number, language: Language, limit: number): Promise<InboxPage> {
    const key = `${language}|${limit}`;
    const inbox = this.inboxOf(userId);
    const load = () => this.loadPage(userId, language, limit);
    if (!inbox) {
      return load();
    }
    let page = inbox.pages.get(key);
    if (!page) {
      const loading = load();
      inbox.pages.set(key, loading);
      loading.catch(() => {
        if (inbox.pages.get(key) === loading) {
          inbox.pages.delete(key);
        }
      });
      page = loading;
    }
    return page;
  }

  /** The user's cached answers, or null while a write of this instance for them is on its way. */
  private inboxOf(userId: number): Inbox | null {
    const mark = this.pending.get(userId);
    if (mark) {
      if (Date.now() - mark.since < PENDING_MAX_MS) {
        return null;
      }
      this.pending.delete(userId);
    }
    let inbox = this.inboxes.get(userId);
    if (!inbox) {
      if (this.inboxes.size >= MAX_USERS) {
        this.inboxes.clear();
      }
      inbox = { pages: new Map() };
      this.inboxes.set(userId, inbox);
    }
    return inbox;
  }

  private async loadCount(userId: number): Promise<Buffer> {
    return Buffer.from(`{"count":${await unreadCount(this.ctx.db, userId)}}`);
  }

  private async loadPage(userId: number, language: Language, limit: number): Promise<InboxPage> {
    const [rows, names] = await Promise.all([
      listNotifications(this.ctx.db, userId, limit, undefined),
      this.names(),
    ]);
    const { items, next } = paginate(rows, limit, (r) => r.id);
    const texts = items.map((row) => jsonText(ZNotification, presentNotification(row, language, names)));
    return { body: jsonArray(texts), next };
  }
}
