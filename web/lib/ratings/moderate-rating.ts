// PATCH /api/ratings/:id: a manager hides an abusive note (its score still counts) or shows it again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TRating } from '../../../contract/ratings';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';
import { toast, toastError } from '../toast-store';

export function useModerateRating() {
  const { t } = useTranslation('ratings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; hidden: boolean }) =>
      api.patch<TRating>(`/api/ratings/${input.id}`, { hidden: input.hidden }),
    onSuccess: (rating) => {
      toast({ title: t(rating.hidden ? 'hidden' : 'shown') });
      return queryClient.invalidateQueries({ queryKey: queryRoots.ratings });
    },
    onError: (error) => toastError(t('moderateFailed'), error),
  });
}
