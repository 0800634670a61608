// PGlite on a folder, made durable like PostgreSQL's defaults: an acknowledged commit survives a power cut.
//
// Out of the box PGlite starts PostgreSQL with fsync off (`-F` in PGlite.defaultStartParams), and its Node
// filesystem (Emscripten's NODEFS) has no fsync at all: commits reach the operating system's cache (so they survive
// the process being killed) but not the disk (so a power cut or a kernel crash can lose them, or leave a checkpoint
// half on disk). Here PostgreSQL runs with fsync on and WAL synced by fsync() (Emscripten's fdatasync is a no-op
// that never reaches the filesystem), and NODEFS files get an fsync that calls the host's fsync(2).
import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitResult = Awaited<ReturnType<NodeFS['init']>>;
interface NodeStream {
  nfd: number;
}
interface NodeFsOps {
  stream_ops: { fsync?: (stream: NodeStream) => number };
}

/** Host fsync calls made by durable databases in this process (tests check that commits make them). */
export const hostSyncs = { count: 0 };

class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): Promise<InitResult> {
    const result = await super.init(pg, opts);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        (mod.NODEFS as unknown as NodeFsOps).stream_ops.fsync = (stream) => {
          fsyncSync(stream.nfd);
          hostSyncs.count += 1;
          return 0;
        };
      },
    ];
    return result;
  }
}

const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/** Opens (creating if needed) the database in `dataDir` with every commit on disk before it is acknowledged. */
export function openDurablePglite(
  dataDir: string,
  options: Pick<PGliteOptions, 'loadDataDir'> = {},
): Promise<PGlite> {
  return PGlite.create({ ...options, fs: new SyncingNodeFS(dataDir), startParams: DURABLE_START_PARAMS });
}
