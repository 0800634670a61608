// A farm's crop plans and tasks are answered from the instance's farm-pages cache (one answer for every member who may
// read them): a write shows in the writer's next read on the same instance at once, on another instance once it
// hears the farm's event, and the cache never answers anyone the guard refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCropPlans, TTasks } from '../../contract/crop-plans';
import { sender } from '../test/agent-sale';
import { farmWithPlan, inDays } from '../test/crops';
import { userWithRole } from '../test/factories';
import { createSecondInstance, createTestApp, ok, type Session, type TestApp } from '../test/harness';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithRole(t.app, t.ctx, 'farmer');
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);

describe("a farm's crop pages, cached", () => {
  it('show a task done and a plan abandoned in the next read, and refuse strangers whatever is cached', async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner, { plantingDate: inDays(0) });
    const plansUrl = `/api/farms/${farm.id}/crop-plans`;
    const tasksUrl = `/api/farms/${farm.id}/tasks?status=open`;
    const plans = async () => (await ok<TCropPlans>(await send(owner, 'GET', plansUrl))).plans;
    const openTasks = async () => (await ok<TTasks>(await send(owner, 'GET', tasksUrl))).tasks;
    // Read twice: the second answer is the cached one.
    expect((await plans()).map((p) => p.id)).toEqual([plan.id]);
    expect(await plans()).toHaveLength(1);
    const before = await openTasks();
    expect(await openTasks()).toEqual(before);
    const first = before[0];
    if (!first) {
      throw new Error('the plan has no open task');
    }

    await ok(await send(owner, 'PATCH', `/api/tasks/${first.id}`, { status: 'done' }));
    expect((await openTasks()).map((x) => x.id)).not.toContain(first.id);

    await ok(await send(owner, 'POST', `/api/crop-plans/${plan.id}/abandon`, { reason: 'pests' }));
    expect((await plans()).map((p) => [p.id, p.status])).toEqual([[plan.id, 'abandoned']]);

    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    expect([403, 404]).toContain((await send(stranger, 'GET', plansUrl)).statusCode);
    expect([403, 404]).toContain((await send(stranger, 'GET', tasksUrl)).statusCode);
  });
});

describe('the tasks of everyone’s own farms (GET /api/tasks)', () => {
  it('answer a worker of one farm from that farm’s page, fresh after a write, and one of two farms from both', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const { farm } = await farmWithPlan(t, send, farmer, { plantingDate: inDays(0) });
    const mine = async () => (await ok<TTasks>(await send(farmer, 'GET', '/api/tasks?status=open'))).tasks;
    const farmPage = await ok<TTasks>(await send(farmer, 'GET', `/api/farms/${farm.id}/tasks?status=open`));
    const before = await mine();
    expect(before).toEqual(farmPage.tasks);
    expect(await mine()).toEqual(before);
    const first = before[0];
    if (!first) {
      throw new Error('the plan has no open task');
    }
    await ok(await send(farmer, 'PATCH', `/api/tasks/${first.id}`, { status: 'done' }));
    expect((await mine()).map((x) => x.id)).not.toContain(first.id);

    const second = await farmWithPlan(t, send, farmer, { plantingDate: inDays(0) });
    const both = await mine();
    expect([...new Set(both.map((x) => x.farmId))].sort((a, b) => a - b)).toEqual(
      [farm.id, second.farm.id].sort((a, b) => a - b),
    );
    expect(both.map((x) => x.id)).not.toContain(first.id);
  });
});

describe.skipIf(!onPostgres)('on two instances', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createSecondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
  });

  it("drop a farm's cached tasks on the other instance when it hears the farm's event", async () => {
    const { farm } = await farmWithPlan(t, send, owner, { plantingDate: inDays(0) });
    const url = `/api/farms/${farm.id}/tasks?status=open`;
    const onB = async () => (await ok<TTasks>(await sender(() => b.app)(owner, 'GET', url))).tasks;
    const cached = await onB();
    const first = cached[0];
    if (!first) {
      throw new Error('the plan has no open task');
    }
    await ok(await send(owner, 'PATCH', `/api/tasks/${first.id}`, { status: 'done' }));
    await expect
      .poll(async () => (await onB()).map((x) => x.id).includes(first.id), { timeout: 2000, interval: 25 })
      .toBe(false);
  });
});
