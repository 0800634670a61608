// Turns an analysis message ({key, params}) into text in the user's language, numbers and dates formatted for it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format';

export interface AgronomyMessage {
  key: string;
  params?: Record<string, string | number>;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function useAgronomyText() {
  const { t, i18n } = useTranslation(['farms', 'agronomy']);
  const language = i18n.language;
  return useCallback(
    (message: AgronomyMessage) => {
      const params: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(message.params ?? {})) {
        if (typeof value === 'number') {
          params[name] = name === 'count' ? value : formatNumber(value, language);
        } else if (ISO_DAY.test(value)) {
          params[name] = formatDate(`${value}T00:00:00`, language, 'PP');
        } else {
          params[name] = value;
        }
      }
      return t(`agronomy:${message.key}`, params);
    },
    [t, language],
  );
}
