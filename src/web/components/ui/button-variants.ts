import { cva } from 'class-variance-authority';

/**
 * The button styles, apart from <Button> so that a guest page can style a link or a button without
 * tailwind-merge (≈ 9.5 kB gzip, over the first-load budget: docs/decisions/0003-public-entry.md).
 * Used alone, the variants other than `link` (whose px-0 overrides the size's padding) do not compete
 * with the sizes; add only classes that do not compete with them either (margins, widths), or use
 * <Button>, which merges.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        primary: 'bg-ink text-paper hover:bg-ink/90',
        accent: 'bg-accent text-white hover:bg-accent-ink',
        outline: 'border border-ink/20 bg-white text-ink hover:bg-paper',
        ghost: 'text-ink hover:bg-ink/5',
        danger: 'bg-danger text-white hover:bg-danger/90',
        link: 'text-accent-ink underline-offset-4 hover:underline px-0',
      },
      size: {
        // On phones and touch screens every size is at least 44×44 px (docs/product.md#accessibility); min-*
        // so that a caller's own height still wins when it is larger.
        sm: 'h-9 px-3 touch:min-h-11 touch:min-w-11',
        md: 'h-11 px-4',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10 touch:min-h-11 touch:min-w-11',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);
