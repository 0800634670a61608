// Small status labels.
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-brand-100 text-brand-900',
  secondary: 'bg-stone-100 text-stone-800',
  outline: 'border border-stone-300 text-stone-800',
  destructive: 'bg-red-100 text-red-800',
} as const;

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
