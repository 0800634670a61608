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

const sizes = {
  md: 'h-10 px-4 text-sm',
  sm: 'h-8 px-3 text-sm',
  icon: 'h-10 w-10',
  /** A big touch target (the driver's next step, used outdoors on a phone). */
  lg: 'h-14 px-6 text-base',
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
        align === 'center' ? 'justify-center' : 'justify-start',
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
