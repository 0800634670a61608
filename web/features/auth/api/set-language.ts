// Switching language: saved locally at once, then sent to the server through the outbox (kept on this phone while
// offline); a refused save is only logged (spec §8).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { TUser, ZLanguageUpdate } from '../../../../contract/auth';
import type { Language } from '../../../../contract/constants';
import { rememberLanguage } from '../../../lib/i18n';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { userQuery } from '../../../lib/session';

export function useSetLanguage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useCallback(
    async (language: Language) => {
      rememberLanguage(language);
      await i18n.changeLanguage(language);
      const user = queryClient.getQueryData<TUser | null>(userQuery().queryKey);
      if (!user) {
        return;
      }
      try {
        const result = await write<TUser>({
          method: 'PATCH',
          path: '/api/user/language',
          body: { language } satisfies z.input<typeof ZLanguageUpdate>,
          label: {
            key: 'outbox:labels.languageChange',
            params: { language: i18n.t(`common:languages.${language}`) },
          },
        });
        settle((updated: TUser) => queryClient.setQueryData(userQuery().queryKey, updated))(result);
      } catch (error) {
        console.warn('Failed to update user language preference', error);
      }
    },
    [i18n, queryClient, write, settle],
  );
}
