import type { ReactNode } from 'react';

/**
 * The look every text input, select and textarea shares: border, focus ring, and a red border
 * that follows aria-invalid. No margin, width, padding or type size, so a compact control (a
 * quantity in a table row) can set its own without two utilities fighting over one property.
 */
export const inputLookClass =
  'rounded-lg border border-slate-300 bg-white text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-600';

/** A full-width form control under its label; the min-height makes a select (which Chromium draws
 * 3 px shorter for the same padding) line up with the inputs beside it. */
export const inputClass = `mt-1.5 block min-h-11.5 w-full px-3 py-2.5 text-base ${inputLookClass}`;

/** What a form control needs to be labelled, described and marked invalid; spread it onto the control. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

export interface FieldProps {
  /** The control's id: the label points at it, the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  /** Help shown under the control, read after the label. */
  hint?: ReactNode;
  /** The message shown when the value is refused; marks the control invalid and is read with it. */
  error?: string | undefined;
  /** Read the error out as soon as it appears (role="alert"): for a form of one field, where
   * focus stays on the submit button; a longer form moves focus to its first invalid field instead. */
  announceError?: boolean;
  className?: string;
  /** Renders the control with the props that wire it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The ids a field's hint and error get, so controls outside `Field` can point at them too. */
export const fieldHintId = (id: string) => `${id}-hint`;
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * A labelled form control with optional hint and error. The aria wiring is done here, once:
 * aria-describedby names the error (when there is one) and the hint, aria-invalid follows the error.
 */
export function Field({ id, label, hint, error, announceError, className, children }: FieldProps) {
  const describedBy = [error ? fieldErrorId(id) : undefined, hint ? fieldHintId(id) : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: inputClass,
      })}
      {hint && (
        <p id={fieldHintId(id)} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={fieldErrorId(id)}
          role={announceError ? 'alert' : undefined}
          className="mt-1.5 text-sm font-medium text-red-700"
        >
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The text box of a form that asks for one text (a message, a note, a reason): its refusal is read
 * out as it appears (`announceError`), and `onChange` gets what is typed (callers clear the refusal).
 */
export function TextAreaField({
  rows,
  maxLength,
  value,
  onChange,
  ...field
}: Omit<FieldProps, 'children' | 'announceError'> & {
  rows: number;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field {...field} announceError>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
