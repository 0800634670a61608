// Analytics as the API shows them: one stored result, and the overview of GET /api/farms/:id/analytics (the farm
// for the caller, dates as ISO text).
import type { AnalyticsType } from '../../contract/crops';
import type { TAnalyticsItem, TFarmAnalytics } from '../../contract/farm-data';
import type { FarmMemberRole } from '../../contract/farms';
import type { AnalyticsRow } from './analytics.repo';
import type { FarmAnalyticsOverview } from './analytics.service';
import { withSourceMessages } from './analytics-sources';
import { presentSurvey } from './farm-data.present';
import { presentFarm } from './farms.present';

export function presentAnalytics(row: AnalyticsRow): TAnalyticsItem {
  return {
    id: row.id,
    type: row.type as AnalyticsType,
    data: withSourceMessages(row.data),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentFarmAnalytics(
  overview: FarmAnalyticsOverview,
  myRole: FarmMemberRole,
): TFarmAnalytics {
  const window = overview.sensorWindow;
  return {
    farm: presentFarm(overview.farm, myRole),
    sensorData: overview.sensorData.map((r) => ({
      timestamp: r.ts.toISOString(),
      type: r.type,
      value: r.value,
    })),
    sensorWindow: window
      ? { from: window.from.toISOString(), to: window.to.toISOString(), bucketSeconds: window.bucketSeconds }
      : null,
    latestReadingAt: overview.latestReadingAt?.toISOString() ?? null,
    surveys: overview.surveys.map(presentSurvey),
    analytics: overview.analytics.map(presentAnalytics),
  };
}
