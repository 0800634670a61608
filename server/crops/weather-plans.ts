// What the weather module asks of a farm's crop plans: the open ones with their stages and harvest window (its
// alerts know what grows and at which stage), the sprays due, and how far back the cells' history must go.
import { sql } from 'drizzle-orm';
import type { TStage } from '../../contract/crop-plans';
import { rowsOf, type Tx } from '../db/client';

export interface WeatherPlan {
  id: number;
  farmId: number;
  crop: string;
  plotName: string | null;
  /** As people see it: a planned plan whose planting date has passed is active. */
  status: 'planned' | 'active';
  plantingDate: string;
  stages: TStage[];
  expectedHarvest: { from: string; to: string } | null;
  area: number;
}

interface PlanRow {
  id: number;
  farm_id: number;
  crop: string;
  plot_name: string | null;
  status: 'planned' | 'active';
  planting_date: string;
  calendar: { stages?: TStage[]; expectedHarvest?: { from: string; to: string } } | null;
  area_ha: number;
}

/** The open (planned or growing) plans of the farms, oldest planting first. */
export async function openPlansOf(db: Tx, farmIds: readonly number[], today: string): Promise<WeatherPlan[]> {
  if (farmIds.length === 0) {
    return [];
  }
  const rows = rowsOf<PlanRow>(
    await db.execute(sql`select p.id, p.farm_id, p.crop, pl.name as plot_name,
        case when p.status = 'planned' and p.planting_date > ${today}::date then 'planned' else 'active' end as status,
        p.planting_date::text as planting_date, p.calendar, p.area_ha
      from crop_plans p left join plots pl on pl.id = p.plot_id
      where p.farm_id in (${sql.join(
        farmIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and p.status in ('planned', 'active')
      order by p.planting_date, p.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    farmId: r.farm_id,
    crop: r.crop,
    plotName: r.plot_name,
    status: r.status,
    plantingDate: r.planting_date,
    stages: r.calendar?.stages ?? [],
    expectedHarvest: r.calendar?.expectedHarvest ?? null,
    area: r.area_ha,
  }));
}

/** The plans with an open spray task due by `until` (overdue ones included): the blight model's or the farmer's. */
export async function sprayDuePlans(db: Tx, farmId: number, until: string): Promise<number[]> {
  const rows = rowsOf<{ plan_id: number }>(
    await db.execute(sql`select distinct plan_id from crop_tasks
      where farm_id = ${farmId} and plan_id is not null and kind = 'spray' and status = 'open'
        and due <= ${until}::date
      order by plan_id`),
  );
  return rows.map((r) => r.plan_id);
}
