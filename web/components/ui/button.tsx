// Buttons in a few variants, usable as another element through Radix Slot.
import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-brand-800 text-white hover:bg-brand-900',
  secondary: 'bg-white text-stone-900 border border-stone-300 hover:bg-stone-100',
  ghost: 'bg-transparent text-stone-800 hover:bg-stone-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

// Heights are minimums: a label longer than the button is wide (French often is) wraps onto a second line inside
// it rather than out of it. (On a phone every control is at least 44 px: web/styles.css.)
const sizes = {
  md: 'min-h-10 px-4 py-1.5 text-sm',
  sm: 'min-h-8 px-3 py-1 text-sm',
  icon: 'h-10 w-10',
  /** A big touch target (the driver's next step, used outdoors on a phone). */
  lg: 'min-h-14 px-6 py-2 text-base',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
  align?: 'center' | 'start';
}

export function Button({
  variant = 'primary',
  size = 'md',
  align = 'center',
  asChild,
  className,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-medium transition-colors',
        align === 'center' ? 'justify-center text-center' : 'justify-start text-left',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        'disabled:pointer-events-none disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
