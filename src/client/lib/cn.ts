import { type ClassValue, clsx } from 'clsx'

/** Joins class names; later Tailwind classes win by order, so callers pass overrides last. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
