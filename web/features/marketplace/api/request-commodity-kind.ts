// POST /api/commodity-kind-requests: a seller whose commodity is not in the catalogue asks a manager to add it.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TKindRequest, ZKindRequestInput } from '../../../../contract/commodity-kinds';
import { api } from '../../../lib/api-client';

export function useRequestCommodityKind() {
  return useMutation({
    mutationFn: (body: z.input<typeof ZKindRequestInput>) =>
      api.post<TKindRequest>('/api/commodity-kind-requests', body),
  });
}
