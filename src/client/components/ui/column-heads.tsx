import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/** A column of a table: its name (text, or a name only screen readers hear) and how it sits. */
export interface Column {
  label: ReactNode;
  /** Amounts and counts: right-aligned, as their cells are. */
  end?: boolean;
  /** Shown only from this width up (the row says it another way on a phone). */
  from?: 'sm' | 'md';
  /** In place of the table's cell classes, for a column padded apart from the others. */
  className?: string;
}

const shownFrom = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell' } as const;

/**
 * A table's header row: one `th scope="col"` per column, so a screen reader names each cell by its
 * column. Padding and weight are the table's (`cellClassName`); alignment and width per column.
 */
export function ColumnHeads(props: {
  cellClassName: string;
  columns: readonly Column[];
  /** The row's colours, where a table sets its header apart. */
  className?: string;
}) {
  return (
    <thead className={props.className ?? 'text-slate-600'}>
      <tr>
        {props.columns.map((column, index) => (
          <th
            key={index}
            scope="col"
            className={cn(
              column.className ?? props.cellClassName,
              column.end && 'text-right',
              column.from && shownFrom[column.from],
            )}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
