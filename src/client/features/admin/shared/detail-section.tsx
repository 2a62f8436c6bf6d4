import { useId, type ReactNode } from 'react';

/**
 * One titled part of an admin detail view (an order's status, lines, money, notes; the money
 * overview's parts): a region named by its small upper-case heading, so a screen reader can jump
 * between the parts. `headingId` is for parts other code or tests link to; others get their own.
 */
export function DetailSection(props: {
  heading: ReactNode;
  headingId?: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = props.headingId ?? ownId;
  return (
    <section aria-labelledby={headingId} data-testid={props.testId} className={props.className}>
      <h3 id={headingId} className="text-sm font-bold tracking-wide text-slate-600 uppercase">
        {props.heading}
      </h3>
      {props.children}
    </section>
  );
}
