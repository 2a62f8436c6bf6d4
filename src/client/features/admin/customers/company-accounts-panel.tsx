import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, UserMinus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { adminCompaniesPath, type AdminCompany } from '@/shared/account';
import { adminCompanyMessages } from '@/shared/i18n/messages/admin-companies';
import { ApiError, apiFetch } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';

const companiesKey = ['admin', 'companies'] as const;

/**
 * Company accounts in admin (issue 43): each organisation number with its people, a form to link
 * a person and a button to unlink one. Staff decide here what a member's invitation decides in
 * the shop.
 */
export function CompanyAccountsPanel() {
  const t = useT(adminCompanyMessages);
  const queryClient = useQueryClient();
  const orgId = useId();
  const emailId = useId();
  const [orgNumber, setOrgNumber] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | undefined>();
  const query = useQuery({
    queryKey: companiesKey,
    queryFn: () => apiFetch<{ companies: AdminCompany[] }>(adminCompaniesPath),
  });

  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setNotice(undefined);
    try {
      await work();
      if (done) setNotice({ ok: true, text: done });
      await queryClient.invalidateQueries({ queryKey: companiesKey });
    } catch (error) {
      setNotice({ ok: false, text: error instanceof ApiError ? error.message : t.failed });
    } finally {
      setBusy(false);
    }
  };

  const link = (event: FormEvent) => {
    event.preventDefault();
    const person = email.trim();
    const org = orgNumber.trim();
    if (!person || !org) return;
    void act(
      () =>
        apiFetch(`${adminCompaniesPath}/${encodeURIComponent(org)}/people`, {
          method: 'POST',
          json: { email: person },
        }),
      t.linked({ email: person, orgNumber: org }),
    ).then(() => setEmail(''));
  };

  const unlink = (company: string, person: string) =>
    void act(() =>
      apiFetch(`${adminCompaniesPath}/${encodeURIComponent(company)}/people/${encodeURIComponent(person)}`, {
        method: 'DELETE',
      }),
    );

  const companies = query.data?.companies ?? [];
  return (
    <section
      aria-labelledby="company-accounts-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="company-accounts"
    >
      <h2 id="company-accounts-heading" className="text-lg font-bold text-slate-900">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.intro}</p>

      <form onSubmit={link} className="mt-4 flex flex-wrap items-end gap-3">
        <label htmlFor={orgId} className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t.orgNumber}
          <input
            id={orgId}
            value={orgNumber}
            onChange={(event) => setOrgNumber(event.target.value)}
            maxLength={20}
            required
            className="w-40 rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <label
          htmlFor={emailId}
          className="flex min-w-0 grow flex-col gap-1 text-sm font-medium text-slate-800"
        >
          {t.email}
          <input
            id={emailId}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            maxLength={255}
            required
            className="rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <Button type="submit" size="sm" disabled={busy} disabledLook="busy">
          <Link2 className="size-4" aria-hidden />
          {t.link}
        </Button>
      </form>
      {notice && (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`mt-3 text-sm ${notice.ok ? 'text-emerald-800' : 'text-red-800'}`}
        >
          {notice.text}
        </p>
      )}

      {query.isError && <p className="mt-4 text-sm text-red-800">{t.loadFailed}</p>}
      {query.isSuccess && companies.length === 0 && <p className="mt-4 text-sm text-slate-600">{t.none}</p>}
      <ul className="mt-4 divide-y divide-slate-100">
        {companies.map((company) => (
          <li key={company.orgNumber} className="py-3">
            <h3 className="font-semibold text-slate-900">{company.orgNumber}</h3>
            <ul className="mt-1 space-y-1">
              {company.people.map((person) => (
                <li key={person.email} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 break-all text-slate-800">
                    {person.email}{' '}
                    <span className="text-slate-500">
                      ({t[`origin_${person.addedBy}`]}, {person.verified ? t.verified : t.notVerified})
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={t.unlinkNamed({ email: person.email, orgNumber: company.orgNumber })}
                    onClick={() => unlink(company.orgNumber, person.email)}
                  >
                    <UserMinus className="size-4" aria-hidden />
                    {t.unlink}
                  </Button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
