// An order's money moves as one JSON column of a caller's statement, and read back: the orders module reads an
// order's details (moves included) in one round trip without reading the payments module's table itself.
import { type SQL, sql } from 'drizzle-orm';
import { rowFromJson } from '../db/json-rows';
import type { MoveRow, MoveWithPayee } from './moves.repo';
import { moneyMoves } from './payments.schema';

/**
 * An order's moves with their payees' usernames, as one JSON column of a caller's statement (an order's details
 * are read in one round trip); `movesFromJson` reads it back as `movesOfOrders` would answer.
 */
export function orderMovesJsonSql(orderId: number): SQL {
  return sql`(select coalesce(json_agg(json_build_object('move', m, 'username', u.username) order by m.id), '[]'::json)
    from money_moves m join users u on u.id = m.user_id where m.order_id = ${orderId})`;
}

export function movesFromJson(json: unknown): MoveWithPayee[] {
  return (json as { move: unknown; username: string }[]).map((item) => ({
    ...rowFromJson<MoveRow>(moneyMoves, item.move),
    username: item.username,
  }));
}
