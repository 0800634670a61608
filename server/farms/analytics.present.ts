// The analytics overview as GET /api/farms/:id/analytics shows it: the farm for the caller, dates as ISO text.
import type { TFarmAnalytics } from '../../contract/farm-data';
import type { FarmMemberRole } from '../../contract/farms';
import { presentAnalytics } from './analytics.repo';
import type { FarmAnalyticsOverview } from './analytics.service';
import { presentFarm } from './farms.present';
import { presentSurvey } from './surveys.repo';

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
