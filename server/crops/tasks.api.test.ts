// Tasks through the real server: listed for a farm and across the caller's farms (an agent's represented farmers'
// too) in a bounded window; ticked, reopened, skipped and given to members; the farmer's own tasks; and who may do
// what: members by role, strangers 404, an agent only while they represent the owner (shown as who recorded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCropPlan, TCropPlanDetails, THarvest, TTask, TTasks } from '../../contract/crop-plans';
import { linkAgent, sender } from '../test/agent-sale';
import { farmWithPlan, inDays, refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { createTestApp, ok, registerUser, type Session, type TestApp } from '../test/harness';

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
const tasksAt = async (who: Session, url: string) => (await ok<TTasks>(await send(who, 'GET', url))).tasks;
const ownTask = (who: Session, farmId: number, body: object = {}) =>
  send(who, 'POST', `/api/farms/${farmId}/tasks`, { title: 'Mend the fence', due: inDays(2), ...body });
const patchTask = (who: Session, id: number, body: object) => send(who, 'PATCH', `/api/tasks/${id}`, body);

async function member(farmId: number, role: 'manager' | 'worker' | 'viewer') {
  const user = await registerUser(t.app);
  await ok(await send(owner, 'POST', `/api/farms/${farmId}/members`, { userId: user.user.id, role }), 201);
  return user;
}

/** A farm whose maize is planted in 30 days: all its template tasks are ahead. */
const comingPlan = () => farmWithPlan(t, send, owner, { plantingDate: inDays(30) });
const planOf = async (id: number) => ok<TCropPlanDetails>(await send(owner, 'GET', `/api/crop-plans/${id}`));

describe('task lists', () => {
  it("lists a farm's tasks in a window and by status; across farms, only the caller's", async () => {
    const { farm, plan } = await comingPlan();
    const second = await farmWithPlan(t, send, owner, { name: 'Second farm', plantingDate: inDays(10) });
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    const theirs = await farmWithPlan(t, send, stranger, { plantingDate: inDays(10) });
    const window = `from=${inDays(0)}&to=${inDays(40)}`;
    const farmList = await tasksAt(owner, `/api/farms/${farm.id}/tasks?${window}`);
    const expected = plan.tasks.filter((x) => x.due >= inDays(0) && x.due <= inDays(40)).map((x) => x.id);
    expect(farmList.map((x) => x.id).sort()).toEqual(expected.sort());
    expect(farmList.every((x, i) => i === 0 || (farmList[i - 1] as TTask).due <= x.due)).toBe(true);
    const mine = await tasksAt(owner, `/api/tasks?${window}`);
    expect(new Set(mine.map((x) => x.farmId))).toEqual(new Set([farm.id, second.farm.id]));
    expect(mine.find((x) => x.farmId === second.farm.id)?.farmName).toBe('Second farm');
    expect((await tasksAt(stranger, `/api/tasks?${window}`)).every((x) => x.farmId === theirs.farm.id)).toBe(
      true,
    );
    const done = farmList[0] as TTask;
    await ok(await patchTask(owner, done.id, { status: 'done' }));
    expect((await tasksAt(owner, `/api/farms/${farm.id}/tasks?status=done`)).map((x) => x.id)).toEqual([
      done.id,
    ]);
    const buyer = await userWithRole(t.app, t.ctx, 'buyer');
    expect(await tasksAt(buyer, '/api/tasks')).toEqual([]);
  });

  it('refuses a window that ends before it starts or spans more than 400 days (400)', async () => {
    const { farm } = await farmWithPlan(t, send, owner);
    for (const url of ['/api/tasks', `/api/farms/${farm.id}/tasks`]) {
      refused(await send(owner, 'GET', `${url}?from=${inDays(5)}&to=${inDays(4)}`), 400);
      refused(await send(owner, 'GET', `${url}?from=${inDays(0)}&to=${inDays(401)}`), 400);
      refused(await send(owner, 'GET', `${url}?from=2026-02-30`), 400);
      await ok(await send(owner, 'GET', `${url}?from=${inDays(0)}&to=${inDays(400)}`));
    }
  });
});

describe('changing tasks', () => {
  it('marks done (today unless said; the plan becomes active), reopens, skips and assigns to a member', async () => {
    const { farm, plan } = await comingPlan();
    expect(plan.status).toBe('planned');
    const [first, second] = plan.tasks as [TTask, TTask];
    const done = await ok<TTask>(
      await patchTask(owner, first.id, { status: 'done', note: 'Ploughed by ox' }),
    );
    expect(done).toMatchObject({ status: 'done', doneAt: inDays(0), note: 'Ploughed by ox' });
    expect((await planOf(plan.id)).status).toBe('active');
    const backdated = await ok<TTask>(
      await patchTask(owner, second.id, { status: 'done', doneAt: inDays(-2) }),
    );
    expect(backdated.doneAt).toBe(inDays(-2));
    expect(await ok<TTask>(await patchTask(owner, first.id, { status: 'open' }))).toMatchObject({
      status: 'open',
      doneAt: null,
    });
    expect((await ok<TTask>(await patchTask(owner, first.id, { status: 'skipped' }))).status).toBe('skipped');
    // A change that does not name the note keeps it; an empty one clears it.
    expect((await ok<TTask>(await patchTask(owner, second.id, { status: 'open' }))).note).toBeNull();
    await ok(await patchTask(owner, second.id, { note: 'Weeds again' }));
    expect((await ok<TTask>(await patchTask(owner, second.id, { status: 'done' }))).note).toBe('Weeds again');
    expect((await ok<TTask>(await patchTask(owner, second.id, { note: '' }))).note).toBeNull();
    const worker = await member(farm.id, 'worker');
    const given = await ok<TTask>(await patchTask(owner, first.id, { assigneeId: worker.user.id }));
    expect(given.assignee).toEqual({ id: worker.user.id, username: worker.user.username });
    expect((await ok<TTask>(await patchTask(owner, first.id, { assigneeId: null }))).assignee).toBeNull();
    const outsider = await registerUser(t.app);
    refused(
      await patchTask(owner, first.id, { assigneeId: outsider.user.id }),
      400,
      'crops.errors.assigneeNotMember',
    );
    refused(await patchTask(owner, first.id, {}), 400);
    refused(await patchTask(owner, 2_000_000_000, { status: 'done' }), 404, 'crops.errors.taskNotFound');
  });

  it("adds the farmer's own tasks, with or without one of the farm's plans", async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner);
    const loose = await ok<TTask>(await ownTask(owner, farm.id, { note: 'Before the rains' }), 201);
    expect(loose).toMatchObject({
      farmId: farm.id,
      planId: null,
      kind: 'custom',
      title: 'Mend the fence',
      due: inDays(2),
      status: 'open',
      note: 'Before the rains',
      plan: null,
    });
    const worker = await member(farm.id, 'worker');
    const planned = await ok<TTask>(
      await ownTask(owner, farm.id, { title: 'Buy sacks', planId: plan.id, assigneeId: worker.user.id }),
      201,
    );
    expect(planned).toMatchObject({
      planId: plan.id,
      plan: { crop: 'maize' },
      assignee: { id: worker.user.id },
    });
    const other = await farmWithPlan(t, send, owner);
    refused(await ownTask(owner, farm.id, { planId: other.plan.id }), 404, 'crops.errors.planNotFound');
    const outsider = await registerUser(t.app);
    refused(
      await ownTask(owner, farm.id, { assigneeId: outsider.user.id }),
      400,
      'crops.errors.assigneeNotMember',
    );
    refused(await ownTask(owner, farm.id, { title: '' }), 400);
    // A closed plan takes no new task (it could never be ticked).
    await ok(await send(owner, 'POST', `/api/crop-plans/${other.plan.id}/abandon`, { reason: 'pests' }));
    refused(await ownTask(owner, other.farm.id, { planId: other.plan.id }), 409, 'crops.errors.planClosed');
    expect(
      (await tasksAt(owner, `/api/farms/${farm.id}/tasks?from=${inDays(2)}&to=${inDays(2)}`)).length,
    ).toBe(2);
  });
});

describe('who may', () => {
  it('members by role: a worker ticks but plans nothing, a viewer reads only, a stranger sees nothing', async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner);
    const task = await ok<TTask>(await ownTask(owner, farm.id), 201);
    const worker = await member(farm.id, 'worker');
    const viewer = await member(farm.id, 'viewer');
    const stranger = await registerUser(t.app);
    const newPlan = { plotId: plan.plotId, crop: 'maize', area: 0.1, plantingDate: inDays(3) };
    const harvest = { date: inDays(0), quantity: 1, unit: 'bag100' };
    const ticked = await ok<TTask>(await patchTask(worker, task.id, { status: 'done' }));
    expect(ticked.recordedBy).toEqual({ id: worker.user.id, username: worker.user.username });
    await ok(await ownTask(worker, farm.id), 201);
    await ok(await send(worker, 'POST', `/api/crop-plans/${plan.id}/harvests`, harvest), 201);
    refused(await send(worker, 'POST', `/api/farms/${farm.id}/crop-plans`, newPlan), 403);
    refused(await send(worker, 'PATCH', `/api/crop-plans/${plan.id}`, { variety: 'x' }), 403);
    refused(await send(worker, 'POST', `/api/farms/${farm.id}/plots`, { name: 'x', area: 0.1 }), 403);
    await ok(await send(viewer, 'GET', `/api/crop-plans/${plan.id}`));
    expect((await tasksAt(viewer, `/api/farms/${farm.id}/tasks`)).length).toBeGreaterThan(0);
    expect((await tasksAt(viewer, '/api/tasks')).some((x) => x.farmId === farm.id)).toBe(true);
    refused(await patchTask(viewer, task.id, { status: 'open' }), 403);
    refused(await ownTask(viewer, farm.id), 403);
    refused(await send(viewer, 'POST', `/api/crop-plans/${plan.id}/harvests`, harvest), 403);
    refused(await patchTask(stranger, task.id, { status: 'open' }), 404, 'crops.errors.taskNotFound');
    refused(await send(stranger, 'GET', `/api/crop-plans/${plan.id}`), 404, 'crops.errors.planNotFound');
    refused(await send(stranger, 'GET', `/api/farms/${farm.id}/tasks`), 404, 'errors.farmNotFound');
    refused(await send(stranger, 'GET', `/api/farms/${farm.id}/plots`), 404, 'errors.farmNotFound');
    refused(await ownTask(stranger, farm.id), 404);
    expect(await tasksAt(stranger, '/api/tasks')).toEqual([]);
  });

  it('an agent records plans, tasks and harvests for the owner they represent, shown as who recorded', async () => {
    const farmer = await userWithRole(t.app, t.ctx, 'farmer');
    const agent = await userWithRole(t.app, t.ctx, 'agent');
    const { farm, plan } = await farmWithPlan(t, send, farmer, { size: 3 });
    const fatou = { id: agent.user.id, username: agent.user.username };
    const task = await ok<TTask>(await ownTask(farmer, farm.id), 201);
    // Not (yet) linked: the farm does not exist for the agent.
    refused(await send(agent, 'GET', `/api/farms/${farm.id}/tasks`), 404);
    refused(await patchTask(agent, task.id, { status: 'done' }), 404, 'crops.errors.taskNotFound');
    refused(await send(agent, 'GET', `/api/crop-plans/${plan.id}`), 404, 'crops.errors.planNotFound');
    expect(await tasksAt(agent, '/api/tasks')).toEqual([]);
    const link = await linkAgent(send, agent, farmer);
    const ticked = await ok<TTask>(await patchTask(agent, task.id, { status: 'done' }));
    expect(ticked.recordedBy).toEqual(fatou);
    expect((await ok<TTask>(await ownTask(agent, farm.id, { title: 'Spray' }), 201)).recordedBy).toEqual(
      fatou,
    );
    expect((await tasksAt(agent, '/api/tasks')).some((x) => x.id === task.id)).toBe(true);
    const harvest = await ok<THarvest>(
      await send(agent, 'POST', `/api/crop-plans/${plan.id}/harvests`, {
        date: inDays(0),
        quantity: 3,
        unit: 'bag100',
      }),
      201,
    );
    expect(harvest.recordedBy).toEqual(fatou);
    await ok(await send(agent, 'PATCH', `/api/farms/${farm.id}/plots/${plan.plotId}`, { name: 'Main plot' }));
    const planned = await ok<TCropPlan>(
      await send(agent, 'POST', `/api/farms/${farm.id}/crop-plans`, {
        plotId: plan.plotId,
        crop: 'groundnut',
        area: 1,
        plantingDate: inDays(15),
      }),
      201,
    );
    expect(planned.recordedBy).toEqual(fatou);
    // Another farmer's farm stays out of reach.
    const other = await farmWithPlan(t, send, await userWithRole(t.app, t.ctx, 'farmer'));
    refused(await send(agent, 'GET', `/api/crop-plans/${other.plan.id}`), 404);
    refused(await send(agent, 'GET', `/api/farms/${other.farm.id}/plots`), 404);
    // The link ends: at once the farm is out of reach again.
    expect((await send(farmer, 'DELETE', `/api/agent-links/${link.id}`)).statusCode).toBe(204);
    refused(await patchTask(agent, task.id, { status: 'open' }), 404, 'crops.errors.taskNotFound');
    refused(await send(agent, 'GET', `/api/crop-plans/${plan.id}`), 404);
    refused(await send(agent, 'GET', `/api/farms/${farm.id}/tasks`), 404);
    refused(
      await send(agent, 'POST', `/api/crop-plans/${plan.id}/harvests`, {
        date: inDays(0),
        quantity: 1,
        unit: 't',
      }),
      404,
    );
    expect(await tasksAt(agent, '/api/tasks')).toEqual([]);
  });
});
