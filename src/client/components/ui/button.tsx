import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * The shop's buttons, one place for their look. `buttonClass` styles anything that acts as a
 * button (a <button>, a router <Link>, a download <a>); `Button` is the <button> with it applied.
 *
 * Variants and sizes never set the same property twice, so `className` only adds layout (margin,
 * width, self-alignment) and needs no class merger: tailwind-merge would cost 8.4 KB gzip on every
 * page for conflicts this API does not let happen.
 */
export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'danger'
  | 'danger-outline'
  | 'success'
  | 'accent'
  | 'inverse'
  | 'inverse-outline';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ButtonStyle {
  /**
   * primary: the one main action; secondary: outlined; danger: destroys or refuses (danger-outline:
   * the step that leads to such a confirmation, beside a primary button); success: approves
   * (a proof); accent: the bright call to action on brand or dark panels; inverse and inverse-outline:
   * solid and outlined on dark panels.
   */
  variant?: ButtonVariant;
  /** sm: admin rows and panels; md: forms; lg: page actions; xl: the cart's and checkout's main action. */
  size?: ButtonSize;
  /** Full width (on phones, or always). */
  block?: boolean;
  /**
   * How a disabled button looks: 'unavailable' (greyed, not-allowed cursor: the action cannot be
   * taken yet) or 'busy' (dimmed, wait cursor: the action is under way).
   */
  disabledLook?: 'unavailable' | 'busy';
  /**
   * For a <label> that is the button of a visually hidden file input, inside the label or just before
   * it (a `peer`): the label shows the input's focus and, while the input is disabled, the busy look.
   */
  filePicker?: 'wraps-input' | 'after-input';
  /** Layout only: margins, width, alignment. */
  className?: string;
}

const base =
  'inline-flex items-center justify-center gap-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';

/** The keyboard focus ring: brand blue on light pages, white on the dark panels the last three sit on. */
const focusRings: Record<ButtonVariant, string> = {
  primary: 'focus-visible:outline-brand-700',
  secondary: 'focus-visible:outline-brand-700',
  danger: 'focus-visible:outline-brand-700',
  'danger-outline': 'focus-visible:outline-brand-700',
  success: 'focus-visible:outline-brand-700',
  accent: 'focus-visible:outline-white',
  inverse: 'focus-visible:outline-white',
  'inverse-outline': 'focus-visible:outline-white',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'bg-white text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  'danger-outline': 'bg-white text-red-800 ring-1 ring-red-300 hover:bg-red-50',
  success: 'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800',
  accent: 'bg-accent-400 text-slate-950 shadow-sm hover:bg-accent-500',
  inverse: 'bg-white text-slate-900 hover:bg-slate-100',
  'inverse-outline': 'text-white ring-1 ring-white/40 hover:bg-white/10',
};

/** Greyed with readable contrast (4.5:1 or more), not merely faded. */
const unavailable: Record<ButtonVariant, string> = {
  primary: 'disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 disabled:shadow-none',
  secondary:
    'disabled:cursor-not-allowed disabled:text-slate-600 disabled:ring-slate-200 disabled:hover:bg-white',
  danger: 'disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 disabled:shadow-none',
  'danger-outline':
    'disabled:cursor-not-allowed disabled:text-slate-600 disabled:ring-slate-200 disabled:hover:bg-white',
  success: 'disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 disabled:shadow-none',
  accent: 'disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 disabled:shadow-none',
  inverse: 'disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700',
  'inverse-outline': 'disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
};

const busy = 'disabled:cursor-wait disabled:opacity-80';

const filePickers = {
  'wraps-input':
    'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 has-disabled:cursor-wait has-disabled:opacity-80',
  'after-input':
    'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-wait peer-disabled:opacity-80',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'rounded-lg px-3 py-2 text-sm',
  md: 'rounded-lg px-5 py-2.5',
  lg: 'rounded-xl px-6 py-3',
  xl: 'rounded-xl px-6 py-3.5 text-base',
};

export function buttonClass({
  variant = 'primary',
  size = 'md',
  block = false,
  disabledLook = 'unavailable',
  filePicker,
  className,
}: ButtonStyle = {}): string {
  return cn(
    base,
    variants[variant],
    focusRings[variant],
    filePicker ? filePickers[filePicker] : disabledLook === 'busy' ? busy : unavailable[variant],
    sizes[size],
    block && 'w-full',
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

/** A <button> in the shop's style; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant,
  size,
  block,
  disabledLook,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, disabledLook, className })}
      {...props}
    />
  );
}
