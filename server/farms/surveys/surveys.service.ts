// Field surveys: recording one (announced to the farm) and reading a farm's surveys page by page.
import type { z } from 'zod';
import type { ZSurveyInput } from '../../../contract/farm-data';
import type { AppContext } from '../../context';
import type { FarmRow } from '../farm-access-cache';
import { farmAudience } from '../farm-audience';
import { farmPagesCache } from '../farm-pages-cache';
import { insertSurvey, listSurveys, type SurveyRow } from './surveys.repo';

/** Records a survey of a farm the route checked for 'farm.surveys.write' (empty texts stored as null). */
export async function recordSurvey(
  ctx: AppContext,
  options: { farm: Pick<FarmRow, 'id'>; actor: { id: number }; input: z.output<typeof ZSurveyInput> },
): Promise<SurveyRow> {
  const { farm, actor, input } = options;
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertSurvey(tx, {
      farmId: farm.id,
      date: input.date,
      growthStage: input.growthStage || null,
      pests: input.pests,
      irrigationMm: input.irrigationMm,
      notes: input.notes || null,
      createdBy: actor.id,
    });
    await ctx.bus.publish(tx, { type: 'farm', id: farm.id }, farmAudience(farm.id));
    return inserted;
  });
  farmPagesCache.of(ctx).drop(farm.id);
  return row;
}

/** A page of the farm's surveys, newest first; `cursor` is the id of the last survey of the previous page. */
export async function surveysOfFarm(
  ctx: AppContext,
  farmId: number,
  page: { limit: number; cursor?: number | undefined },
): Promise<SurveyRow[]> {
  return listSurveys(ctx.db, farmId, page);
}
