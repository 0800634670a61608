// The crop plans a seller may link to an agreement: the plans of one crop on the farms they own, across seasons.
// Keyed under the crops root, so a plan's change (its expected harvest, its abandonment) refreshes the list.
import { queryOptions } from '@tanstack/react-query';
import type { TCropPlans } from '../../../../contract/crop-plans';
import type { CropKey } from '../../../../contract/crops-constants';
import type { TFarm } from '../../../../contract/farms';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const sellerPlansQuery = (ownerId: number, crop: CropKey) =>
  queryOptions({
    queryKey: [...queryRoots.crops, 'agreement-plans', ownerId, crop],
    queryFn: async ({ signal }) => {
      const farms = await api.get<TFarm[]>('/api/farms', signal);
      const owned = farms.filter((farm) => farm.ownerId === ownerId);
      const answers = await Promise.all(
        owned.map((farm) => api.get<TCropPlans>(`/api/farms/${farm.id}/crop-plans`, signal)),
      );
      return answers.flatMap((answer) => answer.plans).filter((plan) => plan.crop === crop);
    },
  });
