// The one farm-access guard: a route declares `config.farm`, one hook checks it before the body is read. Non-members get 404 (the farm stays secret).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ZId } from '../../contract/common';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { requireUser } from '../http/access';
import { AppError } from '../http/errors';
import { canOnFarm, FARM_PERMISSIONS, type FarmAction } from '../http/permissions';
import { addRouteHook } from '../http/route-hooks';
import type { FarmAccess, FarmActorAccess } from './farm-access-cache';
import { farmAccessCache } from './farm-access-cache';
import { farmMembers, farms } from './farms.schema';
import { representsFarmer } from './hooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the farm guard on routes that declare `config.farm`; read it with requireFarm (or requireFarmActor). */
    farm: FarmActorAccess | null;
  }
}

/** The farm and the caller's role on it, as one statement built once: only the parameters are bound each time. */
function farmRoleQuery(db: Db) {
  const query = db
    .select({ farm: farms, role: farmMembers.role })
    .from(farms)
    .innerJoin(
      farmMembers,
      and(eq(farmMembers.farmId, farms.id), eq(farmMembers.userId, sql.placeholder('userId'))),
    )
    .where(eq(farms.id, sql.placeholder('farmId')))
    .limit(1)
    .prepare('farm_role');
  return async (farmId: number, userId: number): Promise<FarmAccess | null> => {
    const [row] = await query.execute({ farmId, userId });
    return row ?? null;
  };
}

/**
 * A non-member's access on an action that lets agents act: an agent who represents the farm's owner now. Read from
 * the database each time (never cached), so a link ended is at once access ended.
 */
export async function agentAccess(
  db: Tx,
  user: { id: number; role: string },
  farmId: number,
  action: FarmAction,
): Promise<FarmActorAccess | null> {
  if (user.role !== 'agent' || !(FARM_PERMISSIONS[action] as readonly string[]).includes('agent')) {
    return null;
  }
  const [farm] = await db.select().from(farms).where(eq(farms.id, farmId)).limit(1);
  return farm && (await representsFarmer.call(db, user.id, farm.ownerId)) ? { farm, role: 'agent' } : null;
}

/**
 * Checks every route that declares `config.farm`, before its body is read (a non-member never gets 5 MB of
 * readings parsed): loads the farm and the caller's role once, 404 when not a member, 403 when the role may not do
 * the action, else puts them on `request.farm`. An `:id` that is no id is left to validation (400).
 *
 * A read (GET) takes the access from `farmAccessCache.of(ctx)` when this instance checked it in the last seconds: the farm
 * pages answer from memory, and a query per request would be most of their cost. A membership change drops it at
 * once on the instance that made it and by its NOTIFY on the others (as a sign-out does sessions). Every write reads
 * membership from the database.
 */
export function installFarmAccess(app: FastifyInstance, ctx: AppContext): void {
  const farmRole = farmRoleQuery(ctx.db);
  app.decorateRequest('farm', null);
  // On the routes that declare a farm action only.
  const declaresFarm = (route: RouteOptions) =>
    Boolean((route.config as { farm?: unknown } | undefined)?.farm);
  addRouteHook(app, 'onRequest', declaresFarm, async (request: FastifyRequest) => {
    const action = request.routeOptions.config.farm;
    if (!action) {
      return;
    }
    const id = ZId.safeParse((request.params as { id?: unknown }).id);
    if (!id.success) {
      return;
    }
    const userId = requireUser(request).id;
    const access =
      request.method === 'GET'
        ? await farmAccessCache.of(ctx).get(id.data, userId, () => farmRole(id.data, userId))
        : await farmRole(id.data, userId);
    const actor = access ?? (await agentAccess(ctx.db, requireUser(request), id.data, action));
    if (!actor) {
      throw new AppError('notFound', 'errors.farmNotFound');
    }
    if (!canOnFarm(actor.role, action)) {
      throw new AppError('forbidden', 'errors.farmForbidden');
    }
    request.farm = actor;
  });
}

/** The farm the guard checked for this request; a route that declares no `config.farm` has none (a bug: 500). */
export function requireFarmActor(request: FastifyRequest): FarmActorAccess {
  if (!request.farm) {
    throw new Error(`${request.routeOptions.url} reads a farm its route does not declare access to`);
  }
  return request.farm;
}

/** The member the guard checked, on a route whose action no agent may do (an agent here is a wiring fault: 500). */
export function requireFarm(request: FastifyRequest): FarmAccess {
  const access = requireFarmActor(request);
  if (access.role === 'agent') {
    throw new Error(`${request.routeOptions.url} lets agents act but reads a member's role`);
  }
  return { farm: access.farm, role: access.role };
}
