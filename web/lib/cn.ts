// Joins class names. Components must not rely on later classes overriding earlier ones (no tailwind-merge:
// it costs ~7 KB gzip on every screen); pass non-conflicting classes instead.
import { type ClassValue, clsx } from 'clsx';

export const cn = (...inputs: ClassValue[]) => clsx(inputs);
