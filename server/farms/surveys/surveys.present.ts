// A farm's field surveys as the API shows them (explicit fields, dates as ISO text).
import type { TSurvey } from '../../../contract/farm-data';
import type { SurveyRow } from './surveys.repo';

export function presentSurvey(row: SurveyRow): TSurvey {
  return {
    id: row.id,
    farmId: row.farmId,
    date: row.date,
    growthStage: row.growthStage,
    pests: row.pests.map((p) => ({ name: p.name, severity: p.severity })),
    irrigationMm: row.irrigationMm,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
