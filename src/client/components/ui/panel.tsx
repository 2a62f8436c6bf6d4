import type { ReactNode } from 'react';

/**
 * One part of a staff page in its white box, named for screen readers by its heading (an h2). The
 * header row holds the heading and whatever stands beside or under it (filters, exports, an intro);
 * how that row lays out differs per panel, so its classes come from the caller.
 */
export function Panel(props: {
  headingId: string;
  heading: ReactNode;
  headerClassName: string;
  /** Beside or under the heading, inside the header row. */
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.headingId}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className={props.headerClassName}>
        <h2 id={props.headingId} className="text-lg font-bold text-slate-900">
          {props.heading}
        </h2>
        {props.header}
      </div>
      {props.children}
    </section>
  );
}
