import { LineChoicesText } from '@/client/components/line-choices';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { countryNameIn } from '@/shared/countries';
import type { AdminOrderAnswer, AdminOrderDetail, AdminStatusEvent } from '@/shared/admin';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { orderCancelMessages } from '@/shared/i18n/messages/order-cancel';
import { formatSplit } from '@/shared/sizes';
import { Dialog } from '@/client/components/ui/dialog';
import { orderQuery } from '@/client/features/admin/admin-api';
import { OrderHistory } from './order-history';
import { useMay } from '@/client/features/admin/staff/staff-context';
import { formatDate, formatDateTime } from '@/shared/dates';
import { formatCount, formatKrDecimal, formatUnitPriceDecimal } from '@/shared/money-format';
import { StatusBadge } from './status-badge';
import { ProofPanel } from '@/client/features/admin/production/proof-panel';
import { DeliveryRiskBadge } from './delivery-risk';
import { SupplementaryInvoices } from './supplementary-invoices';
import { OrderMoneySection, PaymentStateBadge } from '@/client/features/admin/money/order-money';
import { RemindersPanel } from '@/client/features/admin/money/reminders-panel';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { deliveryMessages } from '@/shared/i18n/messages/delivery';
import { quantityUnit } from '@/shared/terms';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { useLocale, useT } from '@/client/lib/i18n';
import { PrintFiles, linkButton } from './order-print-files';
import { Customisation } from './order-customisation';
import { StatusActions } from './order-status-actions';
import { OrderAttention } from './order-attention';
import { OrderNotes, OrderThread } from './order-talk';
import { LineChangeSection } from './line-change-editor';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      {/* Line breaks kept: shipping labels are written from these addresses. */}
      <dd className="min-w-0 whitespace-pre-line break-words text-slate-900">{children ?? '–'}</dd>
    </div>
  );
}

/** What a step recorded, for the history: payment, shipment or the reason to cancel. */
function eventDetail(
  event: AdminStatusEvent,
  adminText: (typeof orderAdminMessages)['sv'],
  dateTag: string,
  /** "Cancelled by the buyer": the buyer's own cancellation on the order page. */
  byBuyer: string,
): string | null {
  const d = event.details;
  if (!d) return null;
  if (d.cancelledBy === 'buyer')
    return d.reason ? `${byBuyer} · ${adminText.historyReason({ reason: d.reason })}` : byBuyer;
  if (d.amountReceived && d.paidOn)
    return adminText.historyPaid({
      amount: formatKrDecimal(d.amountReceived),
      date: formatDate(d.paidOn, dateTag),
    });
  if (d.trackingNumber)
    return adminText.historyShipped({ carrier: d.carrierName ?? '', tracking: d.trackingNumber });
  if (d.reason) return adminText.historyReason({ reason: d.reason });
  return null;
}

/** The order's amounts and VAT, the money view's (owner, bookkeeping). */
function MoneyTotals({ order }: { order: AdminOrderDetail }) {
  const ui = useT(adminUiMessages);
  const dateTag = dateLocaleTag[useLocale().locale];
  return (
    <dl className="mt-2 border-t border-slate-200 pt-2">
      <Row label={ui.exVat}>{formatKrDecimal(order.exVatAmount)}</Row>
      <Row label={ui.vat({ percent: order.vatPercent })}>{formatKrDecimal(order.vatAmount)}</Row>
      <Row label={ui.vatTreatment}>{ui[order.vatTreatment]}</Row>
      {order.buyerVatNumber && <Row label={ui.buyerVatNumber}>{order.buyerVatNumber}</Row>}
      {order.vies && (
        <Row label={ui.vies}>
          <span data-testid="admin-vies">
            {order.vies.status === 'valid'
              ? ui.viesValid({ name: order.vies.name ?? '' })
              : order.vies.status === 'invalid'
                ? ui.viesInvalid
                : ui.viesUnavailable}
            {order.vies.checkedAt && order.vies.status !== 'unavailable' && (
              <span className="block text-xs text-slate-600">
                {ui.viesChecked({
                  time: formatDateTime(order.vies.checkedAt, dateTag),
                  id: order.vies.requestId ?? '',
                })}
              </span>
            )}
            {order.vies.reissue && (
              <span className="mt-1 block font-medium text-amber-900" data-testid="admin-vies-reissue">
                {ui.viesReissue}
              </span>
            )}
          </span>
        </Row>
      )}
      {order.buyerReference && <Row label={ui.buyerReference}>{order.buyerReference}</Row>}
      {order.billingAddress && (
        <Row label={ui.billingAddress}>
          <span className="whitespace-pre-line">{order.billingAddress}</span>
        </Row>
      )}
      <Row label={ui.total}>
        <span className="font-bold">{formatKrDecimal(order.totalAmount)}</span>
      </Row>
    </dl>
  );
}

/** The job's state and the money's side by side, the steps to take, and the history of steps. */
function StatusSection({ order }: { order: AdminOrderAnswer }) {
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const adminText = useT(orderAdminMessages);
  const cancelTexts = useT(orderCancelMessages);
  const statusLabels: Readonly<Record<string, string>> = useT(orderStatusMessages);
  const ledgerTexts = useT(ledgerMessages);
  const dateTag = dateLocaleTag[locale];
  return (
    <DetailSection heading={ui.status} headingId="detail-status">
      {/* The two states side by side: the job's (set by its steps) and the money's (derived). */}
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="text-slate-600">{ledgerTexts.jobState}:</span>
        <StatusBadge status={order.status} />{' '}
        {ui.since({ date: formatDateTime(order.statusChangedAt, dateTag) })}
        {order.view === 'money' && (
          <>
            <span className="ml-2 text-slate-600">{ledgerTexts.paymentState}:</span>
            <PaymentStateBadge state={order.paymentState} />
          </>
        )}
      </p>
      <div className="mt-3">
        <StatusActions order={order} />
      </div>
      <OrderAttention order={order} />
      {order.events.length > 0 && (
        <ol className="mt-3 space-y-1 text-sm text-slate-700">
          {order.events.map((event) => {
            const detail = eventDetail(event, adminText, dateTag, cancelTexts.historyByBuyer);
            return (
              <li key={`${event.changedAt}-${event.toStatus}`}>
                {formatDateTime(event.changedAt, dateTag)}:{' '}
                {statusLabels[event.fromStatus] ?? event.fromStatus} →{' '}
                {statusLabels[event.toStatus] ?? event.toStatus}
                {detail && <span className="block pl-4 text-slate-600">{detail}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </DetailSection>
  );
}

/** Who ordered, where it goes, when it was ordered and is due. */
function CustomerSection({ order }: { order: AdminOrderAnswer }) {
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const deliveryTexts = useT(deliveryMessages);
  const dateTag = dateLocaleTag[locale];
  const country = countryNameIn(locale, order.countryCode);
  return (
    <DetailSection heading={ui.customer} headingId="detail-customer">
      <dl className="mt-2 divide-y divide-slate-100">
        <Row label={ui.customerType}>{order.customerType === 'company' ? ui.company : ui.personal}</Row>
        <Row label={order.customerType === 'company' ? ui.contactPerson : ui.name}>{order.customerName}</Row>
        {order.customerType === 'company' && <Row label={ui.company}>{order.customerOrganization}</Row>}
        {order.customerType === 'company' && <Row label={ui.orgNumber}>{order.customerOrgNumber}</Row>}
        {order.customerType === 'personal' && (
          <Row label={ui.personalNumber}>{order.customerPersonalNumber}</Row>
        )}
        <Row label={ui.email}>
          <a className="text-brand-700 underline" href={`mailto:${order.customerEmail}`}>
            {order.customerEmail}
          </a>
        </Row>
        <Row label={ui.phone}>{order.customerPhone}</Row>
        <Row label={ui.customerAddress}>{order.customerAddress}</Row>
        <Row label={ui.deliveryAddress}>{order.deliveryAddress}</Row>
        <Row label={ui.country}>{country ? `${country} (${order.countryCode})` : order.countryCode}</Row>
        <Row label={ui.orderDate}>{formatDateTime(order.orderDate, dateTag)}</Row>
        {/* The quote it was accepted from (issue 40): money view only, production's has none. */}
        {order.view === 'money' && order.quoteNumber && (
          <Row label={ui.fromQuote}>
            <span data-testid="detail-quote-number">{order.quoteNumber}</span>
          </Row>
        )}
        <Row label={deliveryTexts.heading}>
          <span data-testid="detail-delivery-estimate">{formatDate(order.delivery.estimate, dateTag)}</span>
          {order.delivery.countedFrom === 'today' && (
            <span className="text-slate-600"> {deliveryTexts.ifApprovedToday}</span>
          )}
        </Row>
        <Row label={deliveryTexts.neededByShort}>
          {order.delivery.neededBy && (
            <span className="flex flex-wrap items-center gap-2">
              <span data-testid="detail-needed-by">{formatDate(order.delivery.neededBy, dateTag)}</span>
              <DeliveryRiskBadge delivery={order.delivery} />
            </span>
          )}
        </Row>
      </dl>
    </DetailSection>
  );
}

/** The order's lines (sizes, choices, designs), and for the money roles its totals and the line editor. */
function LinesSection({ order }: { order: AdminOrderAnswer }) {
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const fileTexts = useT(printFileMessages);
  const sizeTexts = useT(sizeMessages);
  return (
    <DetailSection heading={ui.items} headingId="detail-lines">
      <ul className="mt-2 divide-y divide-slate-100">
        {order.items.map((line, index) => (
          <li key={index} className="py-3">
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <span className="font-semibold text-slate-900">
                {formatCount(line.quantity)} × {line.fee ? fileTexts.conversionFee : line.name}
                {line.printFileName && (
                  <span className="block font-normal text-slate-600">{line.printFileName}</span>
                )}
              </span>
              {'unitPrice' in line && (
                <span className="text-slate-700">
                  {formatUnitPriceDecimal(line.unitPrice)}/{quantityUnit[locale]} ·{' '}
                  <span className="font-semibold text-slate-900">{formatKrDecimal(line.lineTotal)}</span>
                </span>
              )}
            </div>
            {line.sizes && (
              <p className="mt-1 text-sm text-slate-800" data-testid="admin-line-sizes">
                <span className="font-semibold">{sizeTexts.sizes}: </span>
                {formatSplit(line.sizes)}
              </p>
            )}
            <LineChoicesText
              line={line}
              testId="admin-line-options"
              className="mt-1 text-sm text-slate-800"
            />
            <Customisation line={line} imageSizes={order.imageSizes} />
          </li>
        ))}
      </ul>
      {order.view === 'money' ? (
        <>
          <MoneyTotals order={order} />
          <LineChangeSection order={order} />
        </>
      ) : (
        order.buyerReference && (
          <dl className="mt-2 border-t border-slate-200 pt-2">
            <Row label={ui.buyerReference}>{order.buyerReference}</Row>
          </dl>
        )
      )}
    </DetailSection>
  );
}

/** The invoice as issued: its page, PDF and e-invoice (money view). */
function InvoiceLinks({ orderNumber }: { orderNumber: string }) {
  const ui = useT(adminUiMessages);
  const path = `/api/admin/orders/${encodeURIComponent(orderNumber)}`;
  // One row that wraps whole buttons on a phone (each used to carry its own left margin).
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`${path}/invoice`} target="_blank" rel="noopener" className={linkButton}>
        {ui.viewInvoice} <ExternalLink className="size-4" aria-hidden />
      </a>
      <a href={`${path}/invoice.pdf`} className={linkButton}>
        {ui.invoicePdf}
      </a>
      <a href={`${path}/invoice.xml`} className={linkButton}>
        {ui.invoiceXml}
      </a>
    </div>
  );
}

export function OrderDetailDialog({ number, onClose }: { number: string; onClose: () => void }) {
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const { data: order, isError } = useQuery(orderQuery(number, locale));
  const jobs = useMay('production');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={ui.orderTitle({ number })}
      className="max-w-3xl!"
    >
      {isError && <p className="text-sm text-red-700">{ui.orderFailed}</p>}
      {!order && !isError && <p className="text-sm text-slate-600">{ui.loading}</p>}
      {order && (
        <div className="space-y-6">
          <StatusSection order={order} />

          {/* The money view only: production's answer carries no amounts (issue 38). */}
          {order.view === 'money' && <OrderMoneySection order={order} />}
          {order.view === 'money' && <RemindersPanel order={order} />}

          {jobs && <ProofPanel order={order} />}

          <OrderThread order={order} />
          <OrderNotes order={order} />

          <OrderHistory orderNumber={order.orderNumber} />

          <CustomerSection order={order} />
          <LinesSection order={order} />

          {jobs && <PrintFiles orderNumber={order.orderNumber} files={order.printFiles} />}
          {order.view === 'money' && (
            <SupplementaryInvoices orderNumber={order.orderNumber} invoices={order.supplementaryInvoices} />
          )}
          {order.view === 'money' && <InvoiceLinks orderNumber={order.orderNumber} />}
        </div>
      )}
    </Dialog>
  );
}
