// An amount field that shows the deployment's currency on the side the user's language writes it ('$' before,
// 'FCFA' after in French); screen readers hear it as the field's description.
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { currencyAffix } from '../../lib/format';
import { Input } from './input';

export function MoneyInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  const { i18n } = useTranslation();
  const { symbol, position } = currencyAffix(i18n.language);
  const affixId = `${props.id ?? props.name ?? 'amount'}-currency`;
  const describedBy = [props['aria-describedby'], affixId].filter(Boolean).join(' ');
  const affix = (
    <span
      id={affixId}
      data-testid="currency-affix"
      className="pointer-events-none flex shrink-0 items-center px-3 text-sm text-stone-700"
    >
      {symbol}
    </span>
  );
  return (
    <div className="flex items-stretch rounded-md border border-stone-300 bg-stone-50 has-[[aria-invalid=true]]:border-red-600">
      {position === 'prefix' ? affix : null}
      <Input
        inputMode="decimal"
        autoComplete="off"
        {...props}
        aria-describedby={describedBy}
        className={cn(
          'min-w-0 flex-1 border-0',
          position === 'prefix' ? 'rounded-l-none' : 'rounded-r-none',
          className,
        )}
      />
      {position === 'suffix' ? affix : null}
    </div>
  );
}
