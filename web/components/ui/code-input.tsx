// A one-time code field: digits only on a phone's keypad, big and spaced so it is easy to read back.
import type { InputHTMLAttributes } from 'react';

export function CodeInput({ length, ...props }: InputHTMLAttributes<HTMLInputElement> & { length: number }) {
  return (
    <input
      type="text"
      inputMode="numeric"
      pattern={`[0-9]{${length}}`}
      autoComplete="one-time-code"
      maxLength={length}
      className="h-14 w-full rounded-md border border-stone-300 bg-white px-3 text-center font-mono text-2xl tracking-[0.3em] text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-600"
      {...props}
    />
  );
}
