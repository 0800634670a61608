// Foreign keys by table name: a lower module's table may point at a higher module's table without importing it.
import { type AnyPgColumn, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The `id` column of the table named `table`, for `.references(() => idOf('orders'))`. The database keeps the
 * constraint as before; migrations read only the referenced table's name and column, so they are unchanged.
 */
export function idOf(table: string): AnyPgColumn {
  return pgTable(table, { id: integer('id') }).id;
}
