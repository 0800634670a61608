// Rows read as JSON inside a larger statement (`json_agg(t)`), mapped back to what drizzle's own select answers:
// column names to field names, each value through its column's driver mapping (timestamps to Dates, and so on).
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';

export function rowFromJson<T>(table: AnyPgTable, json: unknown): T {
  const raw = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}
