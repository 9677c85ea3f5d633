import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

// The sizes set a least height, not a height: a label that wraps on a phone makes its button taller.
const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md text-center text-sm font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2',
  {
    variants: {
      variant: {
        primary: 'bg-brand-800 text-white hover:bg-brand-700',
        accent: 'bg-accent-400 text-brand-900 hover:bg-accent-500',
        outline: 'border border-brand-800 text-brand-800 bg-white hover:bg-brand-50',
        ghost: 'text-brand-800 hover:bg-brand-50',
        ghostDanger: 'text-red-700 hover:bg-red-50',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
      },
      size: {
        sm: 'min-h-9 px-3 py-1.5',
        md: 'min-h-10 px-4 py-2',
        lg: 'min-h-12 px-6 py-2 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type = 'button', ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type })}
      {...props}
    />
  );
}
