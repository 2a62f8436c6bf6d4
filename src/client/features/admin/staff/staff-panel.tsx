import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { staffRoles, type StaffMember, type StaffRole } from '@/shared/staff';
import { IssuedPinNotice } from './issued-pin';
import { Button, type ButtonVariant } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import {
  addStaffMember,
  changeStaffRole,
  removeStaffMember,
  resetStaffPin,
  staffKeys,
  staffQuery,
} from '@/client/features/admin/admin-api';
import { useSignedIn } from './staff-context';
import { Panel } from '@/client/components/ui/panel';

const errorOf = (error: unknown) => (error instanceof ApiError ? error : undefined);

/** A staff action asked again first ("Reset Anna's PIN?"): runs only on yes, busy while it runs. */
function ConfirmedButton(props: {
  variant: ButtonVariant;
  question: string;
  pending: boolean;
  onConfirmed: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant={props.variant}
      size="sm"
      disabled={props.pending}
      disabledLook="busy"
      onClick={() => {
        if (window.confirm(props.question)) props.onConfirmed();
      }}
    >
      {props.children}
    </Button>
  );
}

/** The owner's form to add a person: name, optional email and role; the shop makes their PIN. */
function AddPerson() {
  const t = useT(staffMessages);
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('production');
  const [issued, setIssued] = useState<{ name: string; pin: string } | null>(null);
  const mutation = useMutation({
    mutationFn: addStaffMember,
    onSuccess: (person) => {
      notify.success(t.added({ name: person.name }));
      setIssued({ name: person.name, pin: person.pin });
      setName('');
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: staffKeys.staff() });
    },
  });
  const fieldErrors = errorOf(mutation.error)?.fieldErrors ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ name, email, role });
  };
  return (
    <>
      {issued && (
        <div className="border-t border-slate-200 p-4">
          <div className="max-w-xl">
            <IssuedPinNotice
              heading={t.issuedPinHeading({ name: issued.name })}
              note={t.issuedPinOnce({ name: issued.name })}
              pin={issued.pin}
              onDone={() => setIssued(null)}
            />
          </div>
        </div>
      )}
      <form
        onSubmit={submit}
        className="grid gap-3 border-t border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field id={`${id}-name`} label={t.name} error={fieldErrors.name}>
          {(control) => (
            <input
              {...control}
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-email`} label={t.email} error={fieldErrors.email}>
          {(control) => (
            <input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <Field id={`${id}-role`} label={t.role} error={fieldErrors.role}>
          {(control) => (
            <select {...control} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {staffRoles.map((option) => (
                <option key={option} value={option}>
                  {t[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="self-end text-sm text-slate-700">{t.addPersonHint}</p>
        {mutation.error && !Object.keys(fieldErrors).length && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-4">
            {mutation.error.message}
          </p>
        )}
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit" size="sm" disabled={mutation.isPending} disabledLook="busy">
            {t.addPerson}
          </Button>
        </div>
      </form>
    </>
  );
}

/** One person: their role (changeable), a new PIN, removal (asked first). */
function PersonRow({ person, isSelf }: { person: StaffMember; isSelf: boolean }) {
  const t = useT(staffMessages);
  const queryClient = useQueryClient();
  const id = useId();
  const [issuedPin, setIssuedPin] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: staffKeys.staff() });
  const failed = (error: Error) => notify.error(error.message);
  const role = useMutation({
    mutationFn: (next: StaffRole) => changeStaffRole(person.id, next),
    onSuccess: () => {
      notify.success(t.roleChanged({ name: person.name }));
      refresh();
    },
    onError: failed,
  });
  const reset = useMutation({
    mutationFn: () => resetStaffPin(person.id),
    onSuccess: (issued) => {
      notify.success(t.pinReset({ name: person.name }));
      setIssuedPin(issued.pin);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => removeStaffMember(person.id),
    onSuccess: () => {
      notify.success(t.removed({ name: person.name }));
      refresh();
    },
    onError: failed,
  });
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-end" data-testid="staff-row">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {person.name} {isSelf && <span className="font-normal text-slate-600">({t.you})</span>}
        </p>
        {person.email && <p className="break-words text-sm text-slate-700">{person.email}</p>}
        <label htmlFor={`${id}-role`} className="mt-2 block text-sm font-semibold text-slate-800">
          {t.changeRole({ name: person.name })}
        </label>
        <select
          id={`${id}-role`}
          className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          value={person.role}
          disabled={role.isPending}
          onChange={(e) => role.mutate(e.target.value as StaffRole)}
        >
          {staffRoles.map((option) => (
            <option key={option} value={option}>
              {t[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <ConfirmedButton
          variant="secondary"
          question={t.resetPinConfirm({ name: person.name })}
          pending={reset.isPending}
          onConfirmed={() => reset.mutate()}
        >
          {t.resetPin}
        </ConfirmedButton>
        {!isSelf && (
          <ConfirmedButton
            variant="danger-outline"
            question={t.removeConfirm({ name: person.name })}
            pending={remove.isPending}
            onConfirmed={() => remove.mutate()}
          >
            {t.remove}
          </ConfirmedButton>
        )}
      </div>
      {issuedPin !== null && (
        <div className="max-w-xl sm:col-span-2">
          <IssuedPinNotice
            heading={t.issuedPinHeading({ name: person.name })}
            note={t.issuedPinOnce({ name: person.name })}
            pin={issuedPin}
            onDone={() => setIssuedPin(null)}
          />
        </div>
      )}
    </li>
  );
}

/** The owner's staff page: everyone who may log in, and the form to add someone. */
export function StaffPanel() {
  const t = useT(staffMessages);
  const me = useSignedIn();
  const { data: staff, isError } = useQuery(staffQuery());
  return (
    <Panel
      headingId="staff-heading"
      heading={t.staffHeading}
      headerClassName="p-4"
      header={<p className="mt-1 text-sm text-slate-700">{t.staffIntro}</p>}
    >
      {isError && <p className="px-4 text-sm text-red-700">{t.staffNotFound}</p>}
      <ul className="divide-y divide-slate-100 border-t border-slate-200">
        {(staff ?? []).map((person) => (
          <PersonRow key={person.id} person={person} isSelf={person.id === me.id} />
        ))}
      </ul>
      <AddPerson />
    </Panel>
  );
}
