import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Nothing resolves conflicts between them (tailwind-merge would be 8 KB of every
 * first visit), so a caller's `className` may add to a component's classes but never override one:
 * a component offers a variant or a prop for what callers change (Button's variants, DialogContent's width).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
