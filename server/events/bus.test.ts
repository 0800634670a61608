// The bus tells a cache of this instance's own events as they are written (before the transaction commits), and
// tells a stream only what comes back committed.
import { describe, expect, it } from 'vitest';
import type { TLiveEvent } from '../../contract/events';
import type { Database, Tx } from '../db/client';
import { EventBus } from './bus';

const written: string[] = [];
const tx = {
  execute: async () => {
    written.push('notify');
    return { rows: [] };
  },
} as unknown as Tx;
const database = {} as Database;

describe('EventBus', () => {
  it('tells a listener asking for writes of this instance’s events once their NOTIFY is written, others not', async () => {
    const bus = new EventBus(database);
    const caches: [TLiveEvent, unknown][] = [];
    const streams: TLiveEvent[] = [];
    const stop = bus.subscribe((event, to) => caches.push([event, to]), { asWritten: true });
    bus.subscribe((event) => streams.push(event));
    await bus.publish(tx, { type: 'stock', id: 7 }, { userIds: [1] });
    expect(written).toEqual(['notify']);
    expect(caches).toEqual([[{ type: 'stock', id: 7 }, '*']]);
    expect(streams).toEqual([]);
    stop();
    await bus.publish(tx, { type: 'stock', id: 8 }, 'public');
    expect(caches).toHaveLength(1);
  });
});
