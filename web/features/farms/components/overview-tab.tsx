// Overview: the card the app puts first (the weather), farm size and figures, the temperature chart, recent
// surveys, CSV upload and device keys.
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFarmAnalytics } from '../../../../contract/farm-data';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate, formatNumber } from '../../../lib/format';
import { DeviceKeys } from './device-keys';
import { SensorUpload } from './sensor-upload';
import { Stat } from './stat';
import { SurveyForm } from './survey-form';
import { TemperatureChart } from './temperature-chart';

/**
 * A card another feature draws at the top of the overview for the selected farm (the weather). The app passes it in:
 * features do not import each other.
 */
export type FarmCard = ComponentType<{ farmId: number }>;

export function OverviewTab({
  data,
  topCard: TopCard,
}: {
  data: TFarmAnalytics;
  topCard?: FarmCard | undefined;
}) {
  const { t, i18n } = useTranslation(['farms', 'agronomy']);
  const language = i18n.language;
  const { farm } = data;
  const canWrite = farm.myRole !== 'viewer';
  const canManageDevices = farm.myRole === 'owner' || farm.myRole === 'manager';
  // What a phone shows first (the top card and the figures) is drawn in one render, the chart, surveys and forms
  // below it in a second, interruptible one: one long task on a slow phone's first load becomes two shorter ones,
  // and what arrives second is below the first, so nothing on screen moves.
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);
  return (
    <div className="space-y-4">
      {TopCard ? <TopCard farmId={farm.id} /> : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label={t('overview.farmSize')}
          value={t('overview.hectares', { value: formatNumber(farm.size, language) })}
          testId="farm-size"
        />
        <Stat label={t('overview.crop')} value={t(`agronomy:crop.${farm.crop}`)} />
        <Stat
          label={t('overview.plantingDate')}
          value={formatDate(`${farm.plantingDate}T00:00:00`, language, 'PP')}
        />
        <Stat
          label={t('overview.latestReading')}
          value={
            data.latestReadingAt
              ? formatDate(data.latestReadingAt, language, 'PPp')
              : t('overview.noReadingYet')
          }
        />
      </dl>
      {below ? <Below data={data} canWrite={canWrite} canManageDevices={canManageDevices} /> : null}
    </div>
  );
}

/** The temperature chart, recent surveys, CSV upload and device keys. */
function Below({
  data,
  canWrite,
  canManageDevices,
}: {
  data: TFarmAnalytics;
  canWrite: boolean;
  canManageDevices: boolean;
}) {
  const { t, i18n } = useTranslation(['farms', 'agronomy']);
  const language = i18n.language;
  const { farm } = data;
  return (
    <>
      <TemperatureChart farmId={farm.id} sensorData={data.sensorData} />
      <Card>
        <CardHeader>
          <CardTitle>{t('overview.surveysTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.surveys.length === 0 ? (
            <p className="text-sm text-stone-600">{t('overview.noSurveys')}</p>
          ) : (
            <ul className="divide-y divide-stone-100 text-sm">
              {data.surveys.slice(0, 5).map((survey) => (
                <li key={survey.id} className="py-2">
                  <p className="font-medium text-stone-900">
                    {formatDate(`${survey.date}T00:00:00`, language, 'PP')}
                    {survey.growthStage ? ` · ${survey.growthStage}` : ''}
                    {survey.irrigationMm > 0
                      ? ` · ${t('overview.irrigation', { value: formatNumber(survey.irrigationMm, language) })}`
                      : ''}
                  </p>
                  {survey.pests.length > 0 ? (
                    <p className="text-stone-700">
                      {survey.pests
                        .map((p) => t('overview.severity', { name: p.name, severity: p.severity }))
                        .join(', ')}
                    </p>
                  ) : null}
                  {survey.notes ? <p className="text-stone-600">{survey.notes}</p> : null}
                </li>
              ))}
            </ul>
          )}
          {canWrite ? <SurveyForm farmId={farm.id} /> : null}
        </CardContent>
      </Card>
      {canWrite ? <SensorUpload farmId={farm.id} /> : null}
      {canManageDevices ? <DeviceKeys farmId={farm.id} /> : null}
    </>
  );
}
