// Members' statements as read, per instance: a co-operative's members open theirs often after harvest, and each is
// built from five reads. An entry is dropped when an event names its member (every write that changes a statement
// tells the member, on whichever instance). Who may read one is checked at each request, through the groups' cache.
import type { TMemberStatement } from '../../contract/groups';
import { KeyedCache } from '../cache/keyed-cache';
import type { CoreContext } from '../context';
import { held } from '../module';

/** Statements kept at once (past it the cache starts afresh). */
const MAX_STATEMENTS = 20_000;
/**
 * A safety net: a credit given or a payout tried again is not told to the member, so another instance hears no event
 * of it and its copy stays at most this old (this instance drops its own at once: `dropMembers`).
 */
const MAX_AGE_MS = 30_000;

/**
 * Until when an entry is kept: between half the age and the whole, at random, so that statements loaded together
 * (a meeting's members opening theirs) are not all read again in the same moment.
 */
const keptUntil = () => Date.now() + MAX_AGE_MS * (0.5 + Math.random() / 2);

/** A statement, and its answer as sent (checked against the response schema once, when loaded). */
export interface StatementEntry {
  statement: TMemberStatement;
  body: Buffer;
}

export class StatementCache {
  /** Keyed by group and member; grouped by member, whose events drop every group's copy. */
  private readonly statements = new KeyedCache<StatementEntry, string, number>({
    maxEntries: MAX_STATEMENTS,
    maxAgeMs: MAX_AGE_MS,
    validUntil: keptUntil,
  });

  constructor(ctx: CoreContext) {
    // A notification names the members told (an intake's receipt or its reversal, a settlement's statement, a
    // payout paid or failed); a user's change names the user (their name is on the statement).
    ctx.bus.subscribe((event, to) => {
      if (event.type === 'user') {
        this.dropMembers([event.id]);
      } else if (event.type !== 'notification') {
        return;
      } else if (to === '*') {
        this.statements.drop();
      } else {
        this.dropMembers(to);
      }
    });
  }

  /** The member's statement in the group, as `load` makes it (the caller has checked who may read it). */
  statement(groupId: number, memberId: number, load: () => Promise<StatementEntry>): Promise<StatementEntry> {
    return this.statements.get(`${groupId}:${memberId}`, load, { group: memberId });
  }

  /**
   * After this instance's writes that change members' statements: at once here (the write's event reaches this
   * instance a moment later, and every other instance, except for the writes that tell the member nothing: credit
   * given, a payout tried again).
   */
  dropMembers(memberIds: readonly number[]): void {
    for (const memberId of memberIds) {
      this.statements.dropGroup(memberId);
    }
  }
}

/** This instance's StatementCache, built from its context on first use. */
export const statementCache = held('groups.statements', (ctx) => new StatementCache(ctx));
