import { useState } from 'react';
import { Field } from '@/client/components/ui/field';
import { stockholmDate } from '@/shared/dates';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { useT } from '@/client/lib/i18n';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export interface Period {
  from: string;
  to: string;
  setFrom: (value: string) => void;
  setTo: (value: string) => void;
  /** Both days given and in order. */
  valid: boolean;
  /** "from=…&to=…" for the exports' URLs. */
  query: string;
}

/** A period of Stockholm days for an export: this month so far by default (the accountant's days). */
export function usePeriod(): Period {
  const today: string = stockholmDate(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const valid = isDay(from) && isDay(to) && from <= to;
  return { from, to, setFrom, setTo, valid, query: new URLSearchParams({ from, to }).toString() };
}

/** The period's two date fields (from, to). */
export function PeriodFields({ id, period }: { id: string; period: Period }) {
  const t = useT(adminUiMessages);
  return (
    <>
      <Field id={`${id}-from`} label={t.from}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={period.from}
            onChange={(e) => period.setFrom(e.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-to`} label={t.to}>
        {(control) => (
          <input {...control} type="date" value={period.to} onChange={(e) => period.setTo(e.target.value)} />
        )}
      </Field>
    </>
  );
}
