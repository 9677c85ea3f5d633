import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';
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

type ButtonStyle = VariantProps<typeof buttonVariants> & { className?: string };

/**
 * A button, or with `asChild` its one child (a link) drawn as a button: the child keeps its own
 * element and props and takes the button's classes.
 */
type ButtonProps =
  | (ComponentProps<'button'> & ButtonStyle & BusyState & { asChild?: false })
  | (ButtonStyle & { asChild: true; children: ReactElement<{ className?: string }> });

/** While its action runs, the button is disabled and says so (`busyLabel`, 'Enviando...') instead of its label. */
type BusyState = { isBusy?: boolean; busyLabel?: ReactNode };

export function Button(props: ButtonProps) {
  if (props.asChild) {
    const { variant, size, className, children } = props;
    return cloneElement(children, { className: cn(buttonVariants({ variant, size }), className, children.props.className) });
  }
  // asChild is false here: taken out so it never reaches the element.
  const { className, variant, size, asChild, type = 'button', isBusy, busyLabel, disabled, children, ...buttonProps } = props;
  return (
    <button className={cn(buttonVariants({ variant, size }), className)} type={type} disabled={disabled || isBusy} {...buttonProps}>
      {isBusy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
