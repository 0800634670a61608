// The crop screen's writes other than a task's change: a plot (create, change, archive), a plan (create, change,
// abandon), an input bought, a harvest, a farmer's own task and a money piece taken off a plan, each through the
// outbox; an answered one refreshes the crop data, the home figures and (inputs,
// harvests) the farm's books.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  TAbandonInput,
  TCropPlan,
  TCropPlanDetails,
  TCropPlanInput,
  TCropPlanUpdate,
  THarvest,
  THarvestInput,
  TPlanInput,
  TPlanInputInput,
  TPlot,
  TPlotInput,
  TPlotUpdate,
  TTask,
  TTaskInput,
} from '../../../../contract/crop-plans';
import type { CropKey } from '../../../../contract/crops-constants';
import { formatNumber } from '../../../lib/format';
import { type OutboxWrite, useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { farmKey, queryRoots } from '../../../lib/query-keys';

/** What a plan's outbox label names: its crop (in the reader's words) and its plot. */
export interface PlanRef {
  id: number;
  farmId: number;
  crop: CropKey;
  plotName: string;
}

function useCropWrite<TVariables, TResult>(
  toWrite: (variables: TVariables, cropName: (crop: CropKey) => string) => OutboxWrite,
  farmId: number | null,
) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  const { t } = useTranslation('agronomy');
  return useMutation({
    mutationFn: (variables: TVariables) =>
      write<TResult>(toWrite(variables, (crop) => t(`agronomy:crop.${crop}`))),
    onSuccess: settle(() =>
      Promise.all(
        [queryRoots.crops, queryRoots.dashboard, ...(farmId === null ? [] : [farmKey(farmId)])].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    ),
  });
}

export const useCreatePlot = (farmId: number) =>
  useCropWrite<TPlotInput, TPlot>(
    (input) => ({
      method: 'POST',
      path: `/api/farms/${farmId}/plots`,
      body: input,
      label: { key: 'outbox:labels.plotCreate', params: { name: input.name } },
    }),
    null,
  );

export const useUpdatePlot = (farmId: number, plot: { id: number; name: string }) =>
  useCropWrite<TPlotUpdate, TPlot>(
    (input) => ({
      method: 'PATCH',
      path: `/api/farms/${farmId}/plots/${plot.id}`,
      body: input,
      label: { key: 'outbox:labels.plotUpdate', params: { name: plot.name } },
    }),
    null,
  );

/** The farmer's own task: on a plan (planId) or on the farm only. */
export const useCreateTask = (farmId: number) =>
  useCropWrite<TTaskInput, TTask>(
    (input) => ({
      method: 'POST',
      path: `/api/farms/${farmId}/tasks`,
      body: input,
      label: { key: 'outbox:labels.taskCreate', params: { task: input.title } },
    }),
    null,
  );

/** A transaction or sale taken off the plan (it stays in the farm's books, on no plan). */
export const useUnlinkMoney = (plan: PlanRef) =>
  useCropWrite<{ source: 'transaction' | 'sale'; id: number }, unknown>(
    (link, crop) => ({
      method: 'DELETE',
      path: `/api/crop-plans/${plan.id}/links/${link.source}/${link.id}`,
      label: { key: 'outbox:labels.linkRemove', params: { crop: crop(plan.crop), plot: plan.plotName } },
    }),
    plan.farmId,
  );

export const useCreatePlan = (farmId: number, plotName: string) =>
  useCropWrite<TCropPlanInput, TCropPlan>(
    (input, crop) => ({
      method: 'POST',
      path: `/api/farms/${farmId}/crop-plans`,
      body: input,
      label: { key: 'outbox:labels.planCreate', params: { crop: crop(input.crop), plot: plotName } },
    }),
    null,
  );

export const useUpdatePlan = (plan: PlanRef) =>
  useCropWrite<TCropPlanUpdate, TCropPlanDetails>(
    (input, crop) => ({
      method: 'PATCH',
      path: `/api/crop-plans/${plan.id}`,
      body: input,
      label: { key: 'outbox:labels.planUpdate', params: { crop: crop(plan.crop), plot: plan.plotName } },
    }),
    null,
  );

export const useAbandonPlan = (plan: PlanRef) =>
  useCropWrite<TAbandonInput, TCropPlanDetails>(
    (input, crop) => ({
      method: 'POST',
      path: `/api/crop-plans/${plan.id}/abandon`,
      body: input,
      label: { key: 'outbox:labels.planAbandon', params: { crop: crop(plan.crop), plot: plan.plotName } },
    }),
    null,
  );

export const useAddInput = (plan: PlanRef) =>
  useCropWrite<TPlanInputInput, TPlanInput>(
    (input, crop) => ({
      method: 'POST',
      path: `/api/crop-plans/${plan.id}/inputs`,
      body: input,
      label: { key: 'outbox:labels.inputAdd', params: { crop: crop(plan.crop), name: input.name } },
    }),
    plan.farmId,
  );

export function useAddHarvest(plan: PlanRef) {
  const { t, i18n } = useTranslation('crops');
  return useCropWrite<THarvestInput, THarvest>(
    (input, crop) => ({
      method: 'POST',
      path: `/api/crop-plans/${plan.id}/harvests`,
      body: input,
      label: {
        key: 'outbox:labels.harvestAdd',
        params: {
          crop: crop(plan.crop),
          quantity: t(`crops:units.${input.unit}`, {
            count: input.quantity,
            value: formatNumber(input.quantity, i18n.language),
          }),
        },
      },
    }),
    plan.farmId,
  );
}
