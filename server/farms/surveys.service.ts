// Field survey commands: recording a survey and announcing it to the farm.
import type { z } from 'zod';
import type { ZSurveyInput } from '../../contract/farm-data';
import type { AppContext } from '../context';
import type { FarmRow } from './farm-access-cache';
import { farmAudience } from './farm-audience';
import { farmPagesCache } from './farm-pages-cache';
import { insertSurvey, type SurveyRow } from './surveys.repo';

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
