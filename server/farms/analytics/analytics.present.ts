// Analytics as the API shows them: one stored result, and the overview of GET /api/farms/:id/analytics (the farm
// for the caller before the part every member shares, dates as ISO text).
import type { AnalyticsType } from '../../../contract/crops';
import { type TAnalyticsItem, ZFarmAnalytics } from '../../../contract/farm-data';
import { type FarmMemberRole, ZFarm } from '../../../contract/farms';
import { jsonText } from '../../http/json-body';
import type { FarmRow } from '../farm-access-cache';
import { presentFarm } from '../farms.present';
import { presentSurvey } from '../surveys/surveys.present';
import type { AnalyticsRow } from './analytics.repo';
import type { FarmAnalyticsOverview } from './analytics.service';
import { withSourceMessages } from './analytics-sources';

export function presentAnalytics(row: AnalyticsRow): TAnalyticsItem {
  return {
    id: row.id,
    type: row.type as AnalyticsType,
    data: withSourceMessages(row.data),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Everything of the overview but the farm: the same for every member, so it is cached as JSON per farm. */
const ZFarmData = ZFarmAnalytics.omit({ farm: true });

/** The overview without the farm, as JSON (checked against the contract once, when cached). */
export function farmDataJson(overview: FarmAnalyticsOverview): Buffer {
  const window = overview.sensorWindow;
  return Buffer.from(
    jsonText(ZFarmData, {
      sensorData: overview.sensorData,
      sensorWindow: window
        ? {
            from: window.from.toISOString(),
            to: window.to.toISOString(),
            bucketSeconds: window.bucketSeconds,
          }
        : null,
      latestReadingAt: overview.latestReadingAt?.toISOString() ?? null,
      surveys: overview.surveys.map(presentSurvey),
      analytics: overview.analytics.map(presentAnalytics),
    }),
  );
}

/**
 * GET /analytics as sent: the farm as the guard just read it, for the caller's role, then the cached rest
 * (`farmData`, from farmDataJson: an object, so its fields follow the farm's after its opening brace).
 */
export function farmAnalyticsBody(farm: FarmRow, myRole: FarmMemberRole, farmData: Buffer): Buffer {
  const head = `{"farm":${jsonText(ZFarm, presentFarm(farm, myRole))},`;
  return Buffer.concat([Buffer.from(head), farmData.subarray(1)]);
}
