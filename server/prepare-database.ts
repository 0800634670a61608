// Makes a database ready for the server, on PGlite and PostgreSQL alike: the migrations, then the steps that need
// the application's own code (the commodity catalogue's defaults, and older rows moved onto them; the lessons the
// app ships). Run at start-up
// and wherever a database is made for tests or benchmarks, so that no request path ever does this work.
import type { Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { installShippedLessons } from './lessons';
import { fillEmptyCatalogue } from './marketplace/catalogue';

export async function prepareDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  await fillEmptyCatalogue(database);
  await installShippedLessons(database);
}
