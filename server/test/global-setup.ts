// Migrates one template database per test run; each API test file then clones it (fast and isolated).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../prepare-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** Per run, so that runs in parallel on one cluster never drop each other's template. */
export const POSTGRES_TEMPLATE = `terroir_test_template_${process.pid}`;

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${POSTGRES_TEMPLATE}`;
    const database = await openDatabase({ url: target.toString() });
    await prepareDatabase(database);
    await database.close();
    project.provide('postgresTemplate', POSTGRES_TEMPLATE);
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
      await cleanup.end();
    };
  }
  const database = await openDatabase({ memory: true });
  await prepareDatabase(database);
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) {
    throw new Error('PGlite dump failed');
  }
  const file = join(tmpdir(), `terroir-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
}
