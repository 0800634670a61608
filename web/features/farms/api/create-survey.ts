// POST /api/farms/:id/surveys: records a field survey (growth stage, pests, irrigation) through the outbox, refetching
// the farm's data once the server has it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TSurvey, TSurveyInput } from '../../../../contract/farm-data';
import { formatDay } from '../../../lib/format';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { farmKey } from '../../../lib/query-keys';

export function useCreateSurvey(farmId: number) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (input: TSurveyInput) =>
      write<TSurvey>({
        method: 'POST',
        path: `/api/farms/${farmId}/surveys`,
        body: input,
        label: {
          key: 'outbox:labels.surveyAdd',
          params: { date: formatDay(`${input.date}T00:00:00`, i18n.language) },
        },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: farmKey(farmId) })),
  });
}
