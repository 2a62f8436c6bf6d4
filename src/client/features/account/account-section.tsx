import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/components/ui/button';

/**
 * One section of the account and privacy pages: a heading (with its icon where the page shows one)
 * that names the section for screen readers, a short introduction, and the section's content.
 */
export function AccountSection({
  id,
  heading,
  icon: Icon,
  intro,
  testId,
  children,
}: {
  /** The heading's id: `aria-labelledby` of the section. */
  id: string;
  heading: string;
  icon?: LucideIcon;
  intro?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={cn(Icon && 'flex items-center gap-2', 'text-xl font-semibold text-slate-900')}>
        {Icon && <Icon className="size-5 text-slate-500" aria-hidden />}
        {heading}
      </h2>
      {intro && <p className="mt-2 text-sm text-slate-700">{intro}</p>}
      {children}
    </section>
  );
}

/** A part of the account that could not be loaded: said as an alert, with a button to try again. */
export function LoadFailed({
  text,
  retry,
  onRetry,
  className,
}: {
  text: string;
  retry: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(className, 'rounded-xl border border-red-200 bg-red-50 p-4 text-red-900')}
    >
      <p>{text}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

/** How a list's rows are keyed and laid out, and their test id. */
export interface AccountRows<T> {
  key: (item: T) => string;
  className: string;
  testId: string;
}

/** A section's list (orders, quotes, designs), or the sentence that says it has none yet. */
export function AccountList<T>({
  items,
  empty,
  rows,
  children,
}: {
  items: readonly T[];
  empty: string;
  rows: AccountRows<T>;
  /** What one item's `<li>` holds. */
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="mt-3 text-slate-600">{empty}</p>;
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <li key={rows.key(item)} className={rows.className} data-testid={rows.testId}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
