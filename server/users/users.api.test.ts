// API tests for the users directory: contact privacy per role, pagination and search, role changes.
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/constants';
import { users } from '../db/schema';
import { userWithRole } from '../test/factories';
import { call, createTestApp, registerUser, type TestApp, uniqueName } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const contact = { email: 'target@example.cm', phoneNumber: '677 12 34 56', countryCode: '+237' };

async function viewAs(cookie: string, username: string) {
  const list = await call(t.app, cookie, { method: 'GET', url: `/api/users?search=${username}` });
  expect(list.statusCode).toBe(200);
  const [entry] = list.json();
  return entry as Record<string, unknown>;
}

describe('directory privacy', () => {
  it('shows contact only to managers, agents and the user themselves, until the user opts in', async () => {
    const target = await registerUser(t.app, { username: uniqueName('target'), ...contact });
    const expected: Record<Role, boolean> = {
      farmer: false,
      buyer: false,
      delivery: false,
      agent: true,
      manager: true,
    };
    const viewers = await Promise.all(
      (Object.keys(expected) as Role[]).map(async (role) => ({
        role,
        s: await userWithRole(t.app, t.ctx, role),
      })),
    );
    for (const { role, s } of viewers) {
      const entry = await viewAs(s.cookie, target.user.username);
      expect(entry, role).toMatchObject({
        id: target.user.id,
        username: target.user.username,
        role: 'farmer',
      });
      expect(typeof entry.createdAt).toBe('string');
      if (expected[role]) {
        expect(entry, role).toMatchObject(contact);
      } else {
        expect(Object.keys(entry).sort(), role).toEqual(['createdAt', 'id', 'role', 'username']);
      }
      const detail = await call(t.app, s.cookie, { method: 'GET', url: `/api/users/${target.user.id}` });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().email, role).toBe(expected[role] ? contact.email : undefined);
      expect(detail.json().profile).toMatchObject({ bio: null, preferredCrops: [] });
    }
    expect(await viewAs(target.cookie, target.user.username)).toMatchObject(contact);

    const optIn = await call(t.app, target.cookie, {
      method: 'PUT',
      url: '/api/enhanced-profile',
      payload: { showContact: true, region: 'Ouest', country: 'Cameroun' },
    });
    expect(optIn.statusCode).toBe(200);
    expect(optIn.json()).toMatchObject({ showContact: true, region: 'Ouest', farmTypes: [] });
    const buyer = viewers.find((v) => v.role === 'buyer')?.s;
    expect(buyer).toBeDefined();
    expect(await viewAs(buyer?.cookie ?? '', target.user.username)).toMatchObject(contact);
    const detail = await call(t.app, buyer?.cookie ?? null, {
      method: 'GET',
      url: `/api/users/${target.user.id}`,
    });
    expect(detail.json()).toMatchObject({ ...contact, profile: { region: 'Ouest', country: 'Cameroun' } });
  });

  it('needs a session and answers 404 for an unknown user', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const me = await registerUser(t.app);
    const missing = await call(t.app, me.cookie, { method: 'GET', url: '/api/users/999999' });
    expect(missing.statusCode).toBe(404);
    const bad = await call(t.app, me.cookie, { method: 'GET', url: '/api/users/abc' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('directory listing', () => {
  it('pages by id with X-Next-Cursor, counts matches in X-Total-Count, and filters by role', async () => {
    const prefix = uniqueName('pg');
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await registerUser(t.app, { username: `${prefix}_${i}`, role: i % 2 ? 'buyer' : 'farmer' }));
    }
    const first = await call(t.app, made[0]?.cookie ?? null, {
      method: 'GET',
      url: `/api/users?search=${prefix}&limit=2`,
    });
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((u: { username: string }) => u.username)).toEqual([`${prefix}_0`, `${prefix}_1`]);
    const seen: string[] = [];
    let cursor = first.headers['x-next-cursor'];
    seen.push(...first.json().map((u: { username: string }) => u.username));
    while (cursor) {
      const next = await call(t.app, made[0]?.cookie ?? null, {
        method: 'GET',
        url: `/api/users?search=${prefix}&limit=2&cursor=${cursor}`,
      });
      seen.push(...next.json().map((u: { username: string }) => u.username));
      cursor = next.headers['x-next-cursor'];
    }
    expect(seen).toEqual(made.map((m) => m.user.username));

    const buyers = await call(t.app, made[0]?.cookie ?? null, {
      method: 'GET',
      url: `/api/users?search=${prefix.toUpperCase()}&role=buyer`,
    });
    expect(buyers.json().map((u: { username: string }) => u.username)).toEqual([
      `${prefix}_1`,
      `${prefix}_3`,
    ]);
    expect(buyers.headers['x-next-cursor']).toBeUndefined();
  });

  it('reads % and _ in a search literally and rejects bad paging input', async () => {
    const me = await registerUser(t.app, { username: uniqueName('lit') });
    const pct = await call(t.app, me.cookie, { method: 'GET', url: '/api/users?search=%25' });
    expect(pct.json()).toEqual([]);
    const under = await call(t.app, me.cookie, {
      method: 'GET',
      url: `/api/users?search=${me.user.username}`,
    });
    expect(under.json()).toHaveLength(1);
    for (const q of ['limit=0', 'limit=201', 'cursor=-1', 'role=king']) {
      const res = await call(t.app, me.cookie, { method: 'GET', url: `/api/users?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('role changes', () => {
  it('lets a manager grant a role, refuses everyone else, and publishes the change', async () => {
    const manager = await userWithRole(t.app, t.ctx, 'manager');
    const farmer = await registerUser(t.app);
    const events: unknown[] = [];
    const stop = t.ctx.bus.subscribe((e) => events.push(e));
    const res = await call(t.app, manager.cookie, {
      method: 'PATCH',
      url: `/api/users/${farmer.user.id}/role`,
      payload: { role: 'agent' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: farmer.user.id, role: 'agent' });
    await expect.poll(() => events).toContainEqual({ type: 'user', id: farmer.user.id });
    stop();
    const me = await call(t.app, farmer.cookie, { method: 'GET', url: '/api/user' });
    expect(me.json().role).toBe('agent');

    for (const role of ['farmer', 'buyer', 'agent', 'delivery'] as const) {
      const other = await userWithRole(t.app, t.ctx, role);
      const denied = await call(t.app, other.cookie, {
        method: 'PATCH',
        url: `/api/users/${other.user.id}/role`,
        payload: { role: 'manager' },
      });
      expect(denied.statusCode, role).toBe(403);
    }
    const bad = await call(t.app, manager.cookie, {
      method: 'PATCH',
      url: `/api/users/${farmer.user.id}/role`,
      payload: { role: 'emperor' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await call(t.app, manager.cookie, {
      method: 'PATCH',
      url: '/api/users/999999/role',
      payload: { role: 'buyer' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the last manager from demoting themselves', async () => {
    const last = await userWithRole(t.app, t.ctx, 'manager');
    await t.ctx.db
      .update(users)
      .set({ role: 'farmer' })
      .where(eq(users.role, 'manager'))
      .then(() => t.ctx.db.update(users).set({ role: 'manager' }).where(eq(users.id, last.user.id)));
    // Messages come in the user's stored language.
    await call(t.app, last.cookie, {
      method: 'PATCH',
      url: '/api/user/language',
      payload: { language: 'fr' },
    });
    const alone = await call(t.app, last.cookie, {
      method: 'PATCH',
      url: `/api/users/${last.user.id}/role`,
      payload: { role: 'farmer' },
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toContain('dernier gestionnaire');
    const still = await call(t.app, last.cookie, { method: 'GET', url: '/api/user' });
    expect(still.json().role).toBe('manager');

    // Keeping the role is allowed; so is stepping down once someone else manages.
    const same = await call(t.app, last.cookie, {
      method: 'PATCH',
      url: `/api/users/${last.user.id}/role`,
      payload: { role: 'manager' },
    });
    expect(same.statusCode).toBe(200);
    const next = await registerUser(t.app);
    await call(t.app, last.cookie, {
      method: 'PATCH',
      url: `/api/users/${next.user.id}/role`,
      payload: { role: 'manager' },
    });
    const stepDown = await call(t.app, last.cookie, {
      method: 'PATCH',
      url: `/api/users/${last.user.id}/role`,
      payload: { role: 'agent' },
    });
    expect(stepDown.statusCode).toBe(200);
    const others = await t.ctx.db.select().from(users).where(ne(users.role, 'farmer'));
    expect(others.filter((u) => u.role === 'manager').map((u) => u.id)).toEqual([next.user.id]);
    // The new manager is now the last one.
    const blocked = await call(t.app, next.cookie, {
      method: 'PATCH',
      url: `/api/users/${next.user.id}/role`,
      payload: { role: 'buyer' },
    });
    expect(blocked.statusCode).toBe(409);
  });
});
