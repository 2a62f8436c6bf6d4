import '@/client/lib/zod-csp';
import { Building2, UserMinus, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AccountCompany } from '@/shared/account';
import { accountMessages } from '@/shared/i18n/messages/account';
import { localiseValidation } from '@/shared/i18n/messages/validation';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { inviteColleague, removeColleague } from './account-api';
import { NoticeText, type Notice } from './notice';
import { AccountSection } from './account-section';

/**
 * The account's company (issue 43): its number and name, its members and the people invited, an
 * invite form and a remove button per person. `onChanged` loads the account again.
 */
export function CompanyPanel({
  company,
  email,
  onChanged,
}: {
  company: AccountCompany;
  email: string;
  onChanged: () => void;
}) {
  const t = useT(accountMessages);
  const { locale } = useLocale();
  const inputId = useId();
  const [invitee, setInvitee] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice>();

  const message = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = orderLookupSchema.safeParse({ email: invitee });
    if (!parsed.success) {
      setFieldError(localiseValidation(locale, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setFieldError(undefined);
    setBusy('invite');
    setNotice(undefined);
    try {
      await inviteColleague(parsed.data.email);
      setNotice({ kind: 'ok', text: t.invitedNotice({ email: parsed.data.email }) });
      setInvitee('');
      onChanged();
    } catch (error) {
      setNotice({ kind: 'error', text: message(error) });
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async (person: string) => {
    setBusy(person);
    setNotice(undefined);
    try {
      await removeColleague(person);
      onChanged();
    } catch (error) {
      setNotice({ kind: 'error', text: message(error) });
    } finally {
      setBusy(undefined);
    }
  };

  const people = [
    ...company.members.map((person) => ({ person, invited: false })),
    ...company.invited.map((person) => ({ person, invited: true })),
  ];
  return (
    <AccountSection id="account-company" heading={t.companyHeading} icon={Building2} testId="account-company">
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <p className="break-words font-semibold text-slate-900">{company.name}</p>
        <p className="mt-1 text-sm text-slate-700">{t.companyIntro({ orgNumber: company.orgNumber })}</p>

        <h3 className="mt-5 text-sm font-semibold text-slate-900">{t.membersHeading}</h3>
        <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
          {people.map(({ person, invited }) => (
            <li
              key={person}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              data-testid="company-member"
            >
              <span className="min-w-0 break-all text-slate-900">
                {person}
                {person === email && <span className="text-slate-500"> ({t.you})</span>}
                {invited && <span className="block text-slate-500">{t.invitedNotYet}</span>}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy !== undefined}
                disabledLook="busy"
                aria-label={t.removeMemberNamed({ email: person })}
                onClick={() => void remove(person)}
              >
                <UserMinus className="size-4" aria-hidden />
                {t.removeMember}
              </Button>
            </li>
          ))}
        </ul>

        <NoticeText notice={notice} />

        <form noValidate onSubmit={(event) => void invite(event)} className="mt-5">
          <Field id={inputId} label={t.inviteLabel} error={fieldError} announceError>
            {(control) => (
              <input
                {...control}
                type="email"
                name="invitee"
                autoComplete="off"
                inputMode="email"
                required
                maxLength={255}
                value={invitee}
                onChange={(event) => setInvitee(event.target.value)}
              />
            )}
          </Field>
          <Button
            type="submit"
            disabled={busy !== undefined}
            disabledLook="busy"
            className="mt-3 w-full sm:w-auto"
          >
            <UserPlus className="size-4" aria-hidden />
            {busy === 'invite' ? t.inviting : t.inviteSubmit}
          </Button>
        </form>
      </div>
    </AccountSection>
  );
}
