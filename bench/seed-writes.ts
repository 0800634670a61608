// What the newer writes and reads of `bench:api` act on, for the farmers that write: each farm's own open task, a
// farm store with a lot large enough for every loss a run records, one public event everyone may answer, and a
// co-operative of them all (the first its admin) with a feed. Made once.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

export interface WriteExtras {
  /** Per farm: its task and its lot. */
  farms: Map<number, { taskId: number; lotId: number }>;
  eventId: number;
  groupId: number;
  /** A manager, who reads the operator's escrow view. */
  managerId: number;
}

/** Posts in the co-operative's feed: two pages of it. */
const GROUP_POSTS = 40;

/** A lot of this many kilograms: a run records a kilogram per loss, at most some hundred thousand. */
const LOT_KG = 100_000_000;

export async function seedWriteExtras(
  database: Database,
  farms: readonly { farmId: number; ownerId: number }[],
): Promise<WriteExtras> {
  const rows = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const list = (pick: (f: { farmId: number; ownerId: number }) => number) =>
    `array[${farms.map(pick).join(',')}]::int[]`;
  const party = `select * from unnest(${list((f) => f.farmId)}, ${list((f) => f.ownerId)}) as f(farm, owner)`;
  await rows(
    `insert into crop_tasks (farm_id, kind, title, due, status)
     select farm, 'custom', 'Bench task', current_date, 'open' from (${party}) f
     where not exists (select 1 from crop_tasks t where t.farm_id = f.farm and t.title = 'Bench task')`,
  );
  await rows(
    `insert into stores (name, kind, farm_id, owner_id)
     select 'Bench store', 'home', farm, owner from (${party}) f
     where not exists (select 1 from stores s where s.farm_id = f.farm and s.name = 'Bench store')`,
  );
  await rows(
    `insert into lots (store_id, owner_id, crop, grade, quantity_kg, reserved_kg, deposited_kg)
     select s.id, f.owner, 'maize', 'B', ${LOT_KG}, 0, ${LOT_KG} from (${party}) f
     join stores s on s.farm_id = f.farm and s.name = 'Bench store'
     where not exists (select 1 from lots l where l.store_id = s.id)`,
  );
  const found = await rows<{ farm: number; task: number; lot: number }>(
    `select f.farm, (select id from crop_tasks t where t.farm_id = f.farm and t.title = 'Bench task' limit 1) as task,
       (select l.id from lots l join stores s on s.id = l.store_id
        where s.farm_id = f.farm and s.name = 'Bench store' limit 1) as lot
     from (${party}) f`,
  );
  const organiser = farms[0]?.ownerId ?? 0;
  await rows(
    `insert into calendar_events (kind, title, starts_at, ends_at, place_name, organiser_id)
     select 'training', 'Bench training', now() + interval '7 days', now() + interval '7 days 2 hours', 'Bench hall',
       ${organiser}
     where not exists (select 1 from calendar_events where title = 'Bench training')`,
  );
  const [event] = await rows<{ id: number }>(`select id from calendar_events where title = 'Bench training'`);
  await rows(
    `insert into users (username, username_key, password_hash, role, email, country_code, language)
     select 'bench-manager', 'bench-manager', password_hash, 'manager', 'bench-manager@example.org', 'SN', 'en'
     from users where id = ${organiser}
     and not exists (select 1 from users where username = 'bench-manager')`,
  );
  const [manager] = await rows<{ id: number }>(`select id from users where username = 'bench-manager'`);
  return {
    managerId: manager?.id ?? 0,
    groupId: await seedGroup(database, farms, organiser),
    farms: new Map(found.map((f) => [f.farm, { taskId: f.task, lotId: f.lot }])),
    eventId: event?.id ?? 0,
  };
}

/** A co-operative of the farmers, the first its admin, with a feed. */
async function seedGroup(
  database: Database,
  farms: readonly { farmId: number; ownerId: number }[],
  admin: number,
): Promise<number> {
  const rows = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  // A co-operative sells and is paid through an account of its own (as `createGroup` opens one).
  await rows(
    `insert into users (username, username_key, password_hash, role, email, country_code, language)
     select 'coop-bench', 'coop-bench', password_hash, 'farmer', 'coop-bench@example.org', 'SN', 'en'
     from users where id = ${admin} and not exists (select 1 from users where username = 'coop-bench')`,
  );
  await rows(
    `insert into groups (name, kind, description, region, crops, created_by, account_user_id)
     select 'Bench co-op', 'cooperative', 'The benchmark farmers', 'West', '{maize}', ${admin},
       (select id from users where username = 'coop-bench')
     where not exists (select 1 from groups where name = 'Bench co-op')`,
  );
  const [group] = await rows<{ id: number }>(`select id from groups where name = 'Bench co-op'`);
  const id = group?.id ?? 0;
  await rows(
    `insert into group_members (group_id, user_id, role, status, joined_at)
     select ${id}, u, case when u = ${admin} then 'admin' else 'member' end, 'active', now()
     from unnest(array[${farms.map((f) => f.ownerId).join(',')}]::int[]) u
     on conflict do nothing`,
  );
  await rows(
    `insert into group_posts (group_id, author_id, body)
     select ${id}, (array[${farms.map((f) => f.ownerId).join(',')}]::int[])[1 + i % ${Math.max(1, farms.length)}],
       'Bench co-op post ' || i
     from generate_series(1, ${GROUP_POSTS}) i
     where not exists (select 1 from group_posts where group_id = ${id})`,
  );
  return id;
}
