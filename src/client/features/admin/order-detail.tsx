import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { colors } from '../../../shared/catalogue';
import { countryName } from '../../../shared/countries';
import { nextStatuses, statusLabels, type AdminOrderDetail, type AdminOrderLine, type OrderStatus } from '../../../shared/admin';
import { Dialog } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { notify } from '../../lib/notify';
import { adminKeys, changeOrderStatus, orderQuery } from './admin-api';
import { formatDateTime, formatKr, formatUnitKr } from './format';
import { StatusBadge } from './status-badge';

const methodLabels = { dtg: 'DTG-tryck', screen: 'Screentryck' } as const;
const sideLabels: Record<string, string> = { front: 'Framsida', back: 'Baksida', side: 'Sida' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children ?? '–'}</dd>
    </div>
  );
}

function Customisation({ line }: { line: AdminOrderLine }) {
  const c = line.customisation;
  if (!c) return null;
  const colour = colors.find((x) => x.id === c.color);
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-3">
      <p className="flex items-center gap-2 text-sm text-slate-800">
        <span className="size-4 rounded-full ring-1 ring-slate-400" style={{ backgroundColor: colour?.hex ?? '#ccc' }} aria-hidden />
        Färg: {colour?.label ?? c.color}
      </p>
      {c.prints.length > 0 && (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {c.prints.map((print) => (
            <li key={`${print.method}-${print.uploadId}`} className="rounded-lg border border-slate-200 bg-white p-2 text-sm">
              <img
                src={`/api/uploads/${encodeURIComponent(print.uploadId)}`}
                alt={`${methodLabels[print.method]}, ${sideLabels[print.side] ?? print.side}`}
                loading="lazy"
                className="h-32 w-full rounded-md bg-slate-100 object-contain"
              />
              <p className="mt-2 font-semibold text-slate-900">{methodLabels[print.method]}</p>
              <p className="text-slate-700">
                {sideLabels[print.side] ?? print.side} · position {Math.round(print.x)} % / {Math.round(print.y)} % · storlek{' '}
                {Math.round(print.scale * 100)} %
              </p>
            </li>
          ))}
        </ul>
      )}
      {c.additionalInfo && (
        <p className="mt-3 whitespace-pre-wrap text-sm text-slate-800">
          <span className="font-semibold">Övrig information: </span>
          {c.additionalInfo}
        </p>
      )}
    </div>
  );
}

function StatusActions({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (status: OrderStatus) => changeOrderStatus(order.orderNumber, status),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminKeys.order(order.orderNumber), updated);
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
      notify.success('Status ändrad', { description: `${updated.orderNumber}: ${statusLabels[updated.status]}` });
    },
    onError: (error) => notify.error('Kunde inte ändra status', { description: error instanceof ApiError ? error.message : undefined }),
  });
  const options = nextStatuses[order.status];
  if (options.length === 0) return <p className="text-sm text-slate-600">Slutlig status – kan inte ändras.</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((status) => (
        <button
          key={status}
          type="button"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(status)}
          className={cn(
            'rounded-lg px-3 py-2 text-sm font-semibold disabled:opacity-60',
            status === 'cancelled'
              ? 'text-red-800 ring-1 ring-red-300 hover:bg-red-50'
              : 'bg-brand-700 text-white hover:bg-brand-800',
          )}
        >
          {status === 'cancelled' ? 'Avbryt beställningen' : `Markera som ${statusLabels[status].toLowerCase()}`}
        </button>
      ))}
    </div>
  );
}

export function OrderDetailDialog({ number, onClose }: { number: string; onClose: () => void }) {
  const { data: order, isError } = useQuery(orderQuery(number));
  const country = order ? countryName(order.countryCode) : undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Beställning ${number}`} className="max-w-3xl!">
      {isError && <p className="text-sm text-red-700">Kunde inte hämta beställningen.</p>}
      {!order && !isError && <p className="text-sm text-slate-600">Laddar...</p>}
      {order && (
        <div className="space-y-6">
          <section aria-labelledby="detail-status">
            <h3 id="detail-status" className="text-sm font-bold uppercase tracking-wide text-slate-600">
              Status
            </h3>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <StatusBadge status={order.status} /> sedan {formatDateTime(order.statusChangedAt)}
            </p>
            <div className="mt-3">
              <StatusActions order={order} />
            </div>
            {order.events.length > 0 && (
              <ol className="mt-3 space-y-1 text-sm text-slate-700">
                {order.events.map((event) => (
                  <li key={`${event.changedAt}-${event.toStatus}`}>
                    {formatDateTime(event.changedAt)}: {statusLabels[event.fromStatus as OrderStatus] ?? event.fromStatus} →{' '}
                    {statusLabels[event.toStatus as OrderStatus] ?? event.toStatus}
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section aria-labelledby="detail-customer">
            <h3 id="detail-customer" className="text-sm font-bold uppercase tracking-wide text-slate-600">
              Kund
            </h3>
            <dl className="mt-2 divide-y divide-slate-100">
              <Row label="Kundtyp">{order.customerType === 'company' ? 'Företag' : 'Privatperson'}</Row>
              <Row label={order.customerType === 'company' ? 'Kontaktperson' : 'Namn'}>{order.customerName}</Row>
              {order.customerType === 'company' && <Row label="Företag">{order.customerOrganization}</Row>}
              {order.customerType === 'company' && <Row label="Organisationsnr">{order.customerOrgNumber}</Row>}
              {order.customerType === 'personal' && <Row label="Personnummer">{order.customerPersonalNumber}</Row>}
              <Row label="E-post">
                <a className="text-brand-700 underline" href={`mailto:${order.customerEmail}`}>
                  {order.customerEmail}
                </a>
              </Row>
              <Row label="Telefon">{order.customerPhone}</Row>
              <Row label="Kundadress">{order.customerAddress}</Row>
              <Row label="Leveransadress">{order.deliveryAddress}</Row>
              <Row label="Land">{country ? `${country} (${order.countryCode})` : order.countryCode}</Row>
              <Row label="Orderdatum">{formatDateTime(order.orderDate)}</Row>
            </dl>
          </section>

          <section aria-labelledby="detail-lines">
            <h3 id="detail-lines" className="text-sm font-bold uppercase tracking-wide text-slate-600">
              Artiklar
            </h3>
            <ul className="mt-2 divide-y divide-slate-100">
              {order.items.map((line, index) => (
                <li key={index} className="py-3">
                  <div className="flex flex-wrap justify-between gap-2 text-sm">
                    <span className="font-semibold text-slate-900">
                      {line.quantity} × {line.name}
                    </span>
                    <span className="text-slate-700">
                      {formatUnitKr(line.unitPrice)}/st · <span className="font-semibold text-slate-900">{formatKr(line.lineTotal)}</span>
                    </span>
                  </div>
                  <Customisation line={line} />
                </li>
              ))}
            </ul>
            <dl className="mt-2 border-t border-slate-200 pt-2">
              <Row label="Exkl. moms">{formatKr(order.exVatAmount)}</Row>
              <Row label="Moms 25 %">{formatKr(order.vatAmount)}</Row>
              <Row label="Totalt">
                <span className="font-bold">{formatKr(order.totalAmount)}</span>
              </Row>
            </dl>
          </section>

          <a
            href={`/api/admin/orders/${encodeURIComponent(order.orderNumber)}/invoice`}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Visa faktura <ExternalLink className="size-4" aria-hidden />
          </a>
        </div>
      )}
    </Dialog>
  );
}
