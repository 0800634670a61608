// One transaction held across a whole request: while it is open, every query made on the app's database handle
// from that request's async context goes into it, so the request's writes and what it records of its answer
// commit together or not at all (a process that dies mid-request leaves nothing behind: no write, no mark).
import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionRollbackError } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// The same types as client.ts's Db and Tx (named here too: client.ts imports this file).
type Db = PgDatabase<PgQueryResultHKT>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A transaction being held open; `open` turns false before its COMMIT or ROLLBACK is sent. */
export interface HeldTransaction {
  tx: Tx;
  open: boolean;
  /** Commits (true) or rolls back (false); resolves when the database has answered, rejects if COMMIT failed. */
  finish(commit: boolean): Promise<void>;
}

const scope = new AsyncLocalStorage<HeldTransaction>();

/** The handle queries made now should use: the open transaction of the current request, else `base`. */
function current(base: Db): Tx {
  const held = scope.getStore();
  return held?.open ? held.tx : base;
}

/**
 * The database handle the app uses everywhere: the same API as `base`, each call routed to the current request's
 * held transaction when there is one. A service's own `transaction()` then becomes a savepoint inside it.
 */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, property) {
      const handle = current(target);
      const value: unknown = Reflect.get(handle, property, handle);
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  });
}

/**
 * Begins a transaction on `db` (inside the current one, as a savepoint, when a request already holds one) and
 * keeps it open until `finish` is called.
 */
export function holdTransaction(db: Db): Promise<HeldTransaction> {
  return new Promise((resolveHeld, rejectHeld) => {
    let decide: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    let begun = false;
    const ended = db.transaction(async (tx) => {
      begun = true;
      resolveHeld(held(tx));
      if (!(await decided)) {
        tx.rollback();
      }
    });
    // BEGIN itself failed: nothing is held.
    ended.catch((error: unknown) => {
      if (!begun) {
        rejectHeld(error);
      }
    });

    function held(tx: Tx): HeldTransaction {
      const handle: HeldTransaction = {
        tx,
        open: true,
        async finish(commit) {
          if (!handle.open) {
            return;
          }
          handle.open = false;
          decide(commit);
          try {
            await ended;
          } catch (error) {
            if (!(error instanceof TransactionRollbackError)) {
              throw error;
            }
          }
        },
      };
      return handle;
    }
  });
}

/** Runs `next` (and everything it starts) with `held` as the transaction its queries go into. */
export function runInTransaction(held: HeldTransaction, next: () => void): void {
  scope.run(held, next);
}
