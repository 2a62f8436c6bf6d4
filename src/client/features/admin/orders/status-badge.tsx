import type { OrderStatus } from '@/shared/order-status';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { cn } from '@/client/lib/cn';
import { useT } from '@/client/lib/i18n';

const tones: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  in_production: 'bg-violet-100 text-violet-900',
  shipped: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const labels = useT(orderStatusMessages);
  return (
    <span
      className={cn(
        'inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[status],
      )}
    >
      {labels[status]}
    </span>
  );
}
