import type { ReactNode } from 'react';
import { ADMIN_PIN_MAX_LENGTH, ADMIN_PIN_MIN_LENGTH } from '@/shared/terms';
import { Button, type ButtonVariant } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { notify } from '@/client/lib/notify';

/**
 * The pieces the admin's small forms share (record a payment, credit, dispute, cancel, ship), so
 * each says the same thing the same way: the button that opens the form, an amount typed as a
 * Swedish decimal, a required note, the submit-or-back row, and what a refusal says.
 */

/** A mutation's onError: the title, and under it the server's own words when it answered with some. */
export const notifyFailed = (title: string) => (error: unknown) =>
  notify.error(title, { description: error instanceof ApiError ? error.message : undefined });

/**
 * A form behind its button: closed, only the button shows (`onOpen` opens it, after preparing what
 * the form starts from); open, the form, whose sending runs `onSubmit` in place of a page load.
 */
export function FormBehindButton(props: {
  open: boolean;
  onOpen: () => void;
  buttonLabel: string;
  buttonVariant: ButtonVariant;
  /** The button on a line of its own (in a row that wraps). */
  buttonOwnLine?: boolean;
  /** The form's accessible name. */
  label: string;
  className: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  if (!props.open) {
    const button = (
      <Button variant={props.buttonVariant} size="sm" onClick={props.onOpen}>
        {props.buttonLabel}
      </Button>
    );
    return props.buttonOwnLine ? <div className="w-full">{button}</div> : button;
  }
  return (
    <form
      aria-label={props.label}
      className={props.className}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
    </form>
  );
}

/** An amount in kronor as typed ("1 234,50"): decimal keyboard, never autofilled. */
export function AmountField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  return (
    <Field id={props.id} label={props.label} {...(props.hint ? { hint: props.hint } : {})}>
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          required
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A note the admin must write (a reason printed on a credit note, told to the buyer, a dispute). */
export function NoteField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
}) {
  return (
    <Field id={props.id} label={props.label}>
      {(control) => (
        <textarea
          {...control}
          required
          maxLength={props.maxLength}
          rows={2}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * Submit (busy while pending; unavailable until `ready`, e.g. a note is written) and back, which
 * closes the form without sending.
 */
export function SubmitOrBack(props: {
  submitLabel: string;
  backLabel: string;
  pending: boolean;
  onBack: () => void;
  ready?: boolean;
  variant?: 'primary' | 'danger';
  className?: string;
}) {
  const ready = props.ready ?? true;
  return (
    <div className={cn('flex gap-2', props.className)}>
      <Button
        type="submit"
        variant={props.variant ?? 'primary'}
        size="sm"
        disabled={props.pending || !ready}
        disabledLook={props.pending ? 'busy' : 'unavailable'}
      >
        {props.submitLabel}
      </Button>
      <Button variant="secondary" size="sm" onClick={props.onBack}>
        {props.backLabel}
      </Button>
    </div>
  );
}

/** A note the form is not sent without, then the submit-or-back row, ready once the note is written. */
export function NoteAndSubmit(props: {
  id: string;
  noteLabel: string;
  note: string;
  onNoteChange: (value: string) => void;
  maxLength: number;
  submitLabel: string;
  backLabel: string;
  pending: boolean;
  onBack: () => void;
  variant?: 'primary' | 'danger';
}) {
  return (
    <>
      <NoteField
        id={props.id}
        label={props.noteLabel}
        value={props.note}
        onChange={props.onNoteChange}
        maxLength={props.maxLength}
      />
      <SubmitOrBack
        variant={props.variant}
        submitLabel={props.submitLabel}
        backLabel={props.backLabel}
        pending={props.pending}
        ready={props.note.trim() !== ''}
        onBack={props.onBack}
      />
    </>
  );
}

/** A staff PIN (digits, never shown): the current one to confirm, or a new one. */
export function PinField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
}) {
  return (
    <Field id={props.id} label={props.label} error={props.error}>
      {(control) => (
        <input
          {...control}
          type="password"
          inputMode="numeric"
          autoComplete={props.autoComplete}
          required
          minLength={ADMIN_PIN_MIN_LENGTH}
          maxLength={ADMIN_PIN_MAX_LENGTH}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
