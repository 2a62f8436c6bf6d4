import { useId, type ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * One of the staff's working tools on its own page (the customer register, privacy requests, the
 * production board, blanks to order): a white box named by its heading (an h2) for screen readers.
 */
export function ToolPanel(props: { heading: ReactNode; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6', props.className)}
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {props.heading}
      </h2>
      {props.children}
    </section>
  );
}
