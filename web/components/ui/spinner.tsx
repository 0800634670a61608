// A loading spinner with an accessible name.
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export function Spinner({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <Loader2 aria-hidden className="h-8 w-8 animate-spin text-brand-800" />
      <span className="sr-only">{t('loading')}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex h-full min-h-60 w-full items-center justify-center">
      <Spinner />
    </div>
  );
}
