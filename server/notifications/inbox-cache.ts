// In-memory unread count and first pages of each user's notifications, dropped per user by `notification` events
// (and all by a catalogue edit: their texts name commodities).
import type { Language } from '../../contract/constants';
import { ZNotification } from '../../contract/notifications';
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import { isCatalogueEdit } from '../events/catalogue-edit';
import { jsonArray, jsonText } from '../http/json-body';
import { paginate } from '../http/pagination';
import { held } from '../module';
import { commodityCatalogue } from './hooks';
import { type CommodityNames, presentNotification } from './notifications.present';
import { listNotifications, unreadCount } from './notifications.repo';

/** Users whose unread count is kept, and first pages kept (past either, they start afresh: each is loaded again). */
const MAX_USERS = 10_000;
const MAX_PAGES = 2 * MAX_USERS;
/** First pages kept per user (by language and size): past it the user's pages start afresh. */
const MAX_PAGES_PER_USER = 10;
/**
 * How long a write of this instance that notifies a user keeps that user's reads on the database if its event never
 * comes (a rolled-back transaction sends none).
 */
const PENDING_MAX_MS = 10_000;

export interface InboxPage {
  body: Buffer;
  next: string | null;
}

export class InboxCache {
  /** Each user's unread count as JSON, by user. */
  private readonly counts = new KeyedCache<Buffer, number>({ maxEntries: MAX_USERS });
  /** Each user's first pages, by user, language and size, grouped by user. */
  private readonly pages = new KeyedCache<InboxPage, string, number>({
    maxEntries: MAX_PAGES,
    maxPerGroup: MAX_PAGES_PER_USER,
  });
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
        this.dropAll();
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
      this.dropUser(userId);
      const mark = this.pending.get(userId);
      this.pending.set(userId, { writes: (mark?.writes ?? 0) + 1, since: now });
    }
  }

  /** Every inbox is read afresh (their texts name commodities: called on a catalogue edit). */
  dropAll(): void {
    this.counts.drop();
    this.pages.drop();
  }

  private dropUser(userId: number): void {
    this.counts.dropKey(userId);
    this.pages.dropGroup(userId);
  }

  private arrived(userId: number): void {
    this.dropUser(userId);
    const mark = this.pending.get(userId);
    if (mark && --mark.writes <= 0) {
      this.pending.delete(userId);
    }
  }

  /** The user's unread count as JSON (`{"count":n}`). */
  unreadBody(userId: number): Promise<Buffer> {
    const load = () => this.loadCount(userId);
    return this.writing(userId) ? load() : this.counts.get(userId, load);
  }

  /** The first page of the user's notifications (`limit` of them) in their language, as JSON. */
  firstPage(userId: number, language: Language, limit: number): Promise<InboxPage> {
    const load = () => this.loadPage(userId, language, limit);
    return this.writing(userId)
      ? load()
      : this.pages.get(`${userId}|${language}|${limit}`, load, { group: userId });
  }

  /** True while a write of this instance for the user is on its way: their reads then go to the database. */
  private writing(userId: number): boolean {
    const mark = this.pending.get(userId);
    if (!mark) {
      return false;
    }
    if (Date.now() - mark.since < PENDING_MAX_MS) {
      return true;
    }
    this.pending.delete(userId);
    return false;
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

/** This instance's InboxCache, built from its context on first use. */
export const inboxCache = held(
  'notifications.inbox',
  (ctx) => new InboxCache(ctx, () => commodityCatalogue.call(ctx)),
);
