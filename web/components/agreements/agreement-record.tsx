// A party's record of keeping forward agreements, on profiles: "Kept 3 of 4 forward agreements", with the partly
// kept and defaulted ones; nothing while they have none that ended.
import { useQuery } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { agreementRecordQuery } from '../../lib/queries/forward-agreements';

export function AgreementRecord({ userId }: { userId: number }) {
  const { t } = useTranslation('agreements');
  const record = useQuery(agreementRecordQuery(userId)).data;
  if (!record || record.ended === 0) {
    return null;
  }
  return (
    <p className="flex items-start gap-2 text-sm text-stone-700" data-testid="agreement-record">
      <Handshake aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-800" />
      <span>
        {t('record.kept', { count: record.ended, kept: record.fulfilled })}
        {record.partly > 0 ? ` · ${t('record.partly', { count: record.partly })}` : null}
        {record.defaulted > 0 ? ` · ${t('record.defaulted', { count: record.defaulted })}` : null}
      </span>
    </p>
  );
}
