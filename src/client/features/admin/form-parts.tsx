import { ADMIN_PIN_MAX_LENGTH, ADMIN_PIN_MIN_LENGTH } from '@/shared/terms';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { cn } from '@/client/lib/cn';

/**
 * The pieces the admin's small forms share (record a payment, credit, dispute, cancel, ship), so
 * each says the same thing the same way: an amount typed as a Swedish decimal, a required note, and
 * the submit-or-back row.
 */

/** An amount in kronor as typed ("1 234,50"): decimal keyboard, never autofilled. */
export function AmountField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={props.id} label={props.label}>
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
function NoteField(props: {
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
