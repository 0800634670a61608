// Switching language: saved locally at once, then sent to the server; a failed save is only logged (spec §8).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { TUser, ZLanguageUpdate } from '../../../../contract/auth';
import type { Language } from '../../../../contract/constants';
import { api } from '../../../lib/api-client';
import { rememberLanguage } from '../../../lib/i18n';
import { userQuery } from '../../../lib/session';

export function useSetLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      rememberLanguage(language);
      await i18n.changeLanguage(language);
      const user = queryClient.getQueryData<TUser | null>(userQuery().queryKey);
      if (!user) {
        return;
      }
      try {
        const updated = await api.patch<TUser>('/api/user/language', { language } satisfies z.input<
          typeof ZLanguageUpdate
        >);
        queryClient.setQueryData(userQuery().queryKey, updated);
      } catch (error) {
        console.warn('Failed to update user language preference', error);
      }
    },
    [i18n, queryClient],
  );
}
