// A farm's surveys and devices as the API shows them (explicit fields, dates as ISO text).
import type { TDevice, TSurvey } from '../../contract/farm-data';
import type { DeviceRow } from './devices';
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

export function presentDevice(row: DeviceRow): TDevice {
  return {
    id: row.id,
    farmId: row.farmId,
    name: row.name,
    keyHint: row.keyHint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
