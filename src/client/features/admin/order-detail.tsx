import { LineChoicesText } from '@/client/components/line-choices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { colors } from '@/shared/catalogue';
import { countryNameIn } from '@/shared/countries';
import { printMethodLabels, printSideLabels } from '@/shared/print-options';
import {
  adminUploadThumbnailPath,
  nextStatuses,
  printFileDownloadPath,
  type AdminOrderDetail,
  type AdminOrderLine,
  type AdminStatusEvent,
  type OrderStatus,
} from '@/shared/admin';
import { carrierIds, carrierNames, type CarrierId } from '@/shared/carriers';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { formatSplit } from '@/shared/sizes';
import { Button, buttonClass } from '@/client/components/ui/button';
import { Dialog } from '@/client/components/ui/dialog';
import { Field } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { notify } from '@/client/lib/notify';
import { adminKeys, changeOrderStatus, orderQuery, staffKeys, type StatusChangeDetails } from './admin-api';
import { OrderHistory } from './order-history';
import { useMay, useSignedIn } from './staff-context';
import { roleMay, statusStepRoles } from '@/shared/staff';
import { formatDate, formatDateTime } from '@/shared/dates';
import { formatCount, formatKrDecimal, formatUnitPriceDecimal } from '@/shared/money-format';
import { StatusBadge } from './status-badge';
import { ProofPanel } from './proof-panel';
import { DeliveryRiskBadge } from './delivery-risk';
import { SupplementaryInvoices } from './supplementary-invoices';
import { OrderMoneySection, PaymentStateBadge } from './order-money';
import { RemindersPanel } from './reminders-panel';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { deliveryMessages } from '@/shared/i18n/messages/delivery';
import { VAT_RATE_PERCENT, quantityUnit } from '@/shared/terms';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatFileSize, type OrderPrintFile } from '@/shared/print-files';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { colourName } from '@/shared/i18n/messages/colours';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { useLocale, useT } from '@/client/lib/i18n';

/** Downloads and documents: links that look like secondary buttons. */
const linkButton = buttonClass({ variant: 'secondary', size: 'sm' });

const cm = (n: number) => new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(n);

/** Every print file of the order: kind, size, name, download (attachment); raster: pixels and dpi. */
function PrintFiles({ orderNumber, files }: { orderNumber: string; files: readonly OrderPrintFile[] }) {
  const fileTexts = useT(printFileMessages);
  return (
    <section aria-labelledby="detail-print-files" data-testid="admin-print-files">
      <h3 id="detail-print-files" className="text-sm font-bold uppercase tracking-wide text-slate-600">
        {fileTexts.heading} ({files.length})
      </h3>
      {files.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{fileTexts.noneReceived}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="break-words font-semibold text-slate-900">{file.name || fileTexts.unnamed}</p>
                <p className="mt-0.5 text-slate-700">
                  <span data-testid="admin-print-file-kind">{fileTexts[file.kind]}</span> ·{' '}
                  {formatFileSize(file.bytes)}
                  {file.width && file.height
                    ? ` · ${fileTexts.pixels({ width: formatCount(file.width), height: formatCount(file.height) })}`
                    : ''}
                </p>
                {file.quality && (
                  <p
                    className={cn(
                      'mt-0.5',
                      file.quality.blurry ? 'font-medium text-amber-900' : 'text-slate-700',
                    )}
                    data-testid="admin-print-file-dpi"
                  >
                    {fileTexts.quality({ dpi: formatCount(file.quality.dpi), cm: cm(file.quality.widthCm) })}
                    {file.quality.blurry && `: ${fileTexts.blurry}`}
                  </p>
                )}
              </div>
              <a
                href={printFileDownloadPath(orderNumber, file.id)}
                download={file.name || undefined}
                aria-label={fileTexts.downloadLabel({ name: file.name || fileTexts.unnamed })}
                className={linkButton}
              >
                {fileTexts.download}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      {/* Line breaks kept: shipping labels are written from these addresses. */}
      <dd className="min-w-0 whitespace-pre-line break-words text-slate-900">{children ?? '–'}</dd>
    </div>
  );
}

/**
 * A customiser image as the server's bounded thumbnail (raster) or drawn at the box's size (SVG),
 * with its pixel size and a link to the image itself.
 */
function PrintImage({
  uploadId,
  size,
  alt,
}: {
  uploadId: string;
  size: { width: number; height: number } | undefined;
  alt: string;
}) {
  const ui = useT(adminUiMessages);
  const src = `/api/uploads/${encodeURIComponent(uploadId)}`;
  // Raster images have a known pixel size; an SVG has none and is drawn by the browser at the box's size.
  const preview = size ? adminUploadThumbnailPath(uploadId) : src;
  return (
    <figure className="flex flex-col gap-1">
      <img
        src={preview}
        alt={alt}
        loading="lazy"
        className="h-32 w-full rounded-md bg-slate-100 object-contain"
      />
      <figcaption className="flex flex-wrap justify-between gap-x-2 text-xs text-slate-700">
        {size && (
          <span>{ui.imageSize({ width: formatCount(size.width), height: formatCount(size.height) })}</span>
        )}
        <a href={src} target="_blank" rel="noreferrer" className="font-semibold text-blue-800 underline">
          {ui.openImage}
          <span className="sr-only"> ({alt})</span>
        </a>
      </figcaption>
    </figure>
  );
}

function Customisation({
  line,
  imageSizes,
}: {
  line: AdminOrderLine;
  imageSizes: AdminOrderDetail['imageSizes'];
}) {
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const methodLabels = printMethodLabels[locale];
  const sideLabels = printSideLabels[locale];
  const c = line.customisation;
  if (!c) return null;
  const colour = colors.find((x) => x.id === c.color);
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-3">
      <p className="flex items-center gap-2 text-sm text-slate-800">
        <span
          className="size-4 rounded-full ring-1 ring-slate-400"
          style={{ backgroundColor: colour?.hex ?? '#ccc' }}
          aria-hidden
        />
        {ui.colour({ colour: colourName(locale, c.color) })}
      </p>
      {c.prints.length > 0 && (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {c.prints.map((print) => (
            <li
              key={`${print.method}-${print.uploadId}`}
              className="rounded-lg border border-slate-200 bg-white p-2 text-sm"
            >
              <PrintImage
                uploadId={print.uploadId}
                size={imageSizes[print.uploadId]}
                alt={`${methodLabels[print.method]}, ${sideLabels[print.side]}`}
              />
              <p className="mt-2 font-semibold text-slate-900">{methodLabels[print.method]}</p>
              <p className="text-slate-700">
                {ui.placement({
                  side: sideLabels[print.side],
                  x: Math.round(print.x),
                  y: Math.round(print.y),
                  scale: Math.round(print.scale * 100),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {c.additionalInfo && (
        <p className="mt-3 whitespace-pre-wrap text-sm text-slate-800">
          <span className="font-semibold">{ui.additionalInfo}</span>
          {c.additionalInfo}
        </p>
      )}
    </div>
  );
}

/** A step that asks for more first: the shipment, the reason to cancel. */
type Asking = 'shipped' | 'cancelled' | null;

/** The step's button: "Markera som i produktion" / "Mark as in production". */
const markKeys = {
  in_production: 'markInProduction',
  shipped: 'markShipped',
} as const;

function StatusActions({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  const adminText = useT(orderAdminMessages);
  const ui = useT(adminUiMessages);
  const statusLabels = useT(orderStatusMessages);
  const [asking, setAsking] = useState<Asking>(null);
  const [carrier, setCarrier] = useState<CarrierId>('postnord');
  const [carrierName, setCarrierName] = useState('');
  const [tracking, setTracking] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();
  const mutation = useMutation({
    mutationFn: ({ status, details }: { status: OrderStatus; details?: StatusChangeDetails }) =>
      changeOrderStatus(order.orderNumber, status, details ?? {}, locale),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminKeys.order(order.orderNumber, locale), updated);
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.history(order.orderNumber) });
      setAsking(null);
      notify.success(ui.statusChanged, {
        description: `${updated.orderNumber}: ${statusLabels[updated.status]}`,
      });
    },
    onError: (error) =>
      notify.error(ui.statusChangeFailed, {
        description: error instanceof ApiError ? error.message : undefined,
      }),
  });
  const { role } = useSignedIn();
  // Only the steps the role may take (paid is the bookkeeper's, production and shipping the printer's).
  const options = nextStatuses[order.status].filter((status) => roleMay(role, statusStepRoles[status]));
  if (nextStatuses[order.status].length === 0)
    return <p className="text-sm text-slate-600">{ui.finalStatus}</p>;
  const submit = (status: OrderStatus, details?: StatusChangeDetails) => (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ status, ...(details ? { details } : {}) });
  };
  const confirm = (label: string) => (
    <Button type="submit" size="sm" disabled={mutation.isPending} disabledLook="busy">
      {label}
    </Button>
  );
  const back = (
    <Button variant="secondary" size="sm" onClick={() => setAsking(null)}>
      {adminText.back}
    </Button>
  );

  if (asking === 'shipped')
    return (
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={submit('shipped', {
          carrier,
          ...(carrier === 'other' ? { carrierName } : {}),
          trackingNumber: tracking,
        })}
      >
        <Field id={`${id}-carrier`} label={adminText.carrier}>
          {(control) => (
            <select {...control} value={carrier} onChange={(e) => setCarrier(e.target.value as CarrierId)}>
              {carrierIds.map((carrierId) => (
                <option key={carrierId} value={carrierId}>
                  {carrierId === 'other' ? adminText.otherCarrier : carrierNames[carrierId]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {carrier === 'other' && (
          <Field id={`${id}-carrier-name`} label={adminText.carrierName}>
            {(control) => (
              <input
                {...control}
                required
                value={carrierName}
                onChange={(e) => setCarrierName(e.target.value)}
              />
            )}
          </Field>
        )}
        <Field id={`${id}-tracking`} label={adminText.trackingNumber}>
          {(control) => (
            <input {...control} required value={tracking} onChange={(e) => setTracking(e.target.value)} />
          )}
        </Field>
        <div className="flex gap-2 sm:col-span-2">
          {confirm(adminText.confirmShipped)}
          {back}
        </div>
      </form>
    );
  if (asking === 'cancelled')
    return (
      <form className="grid gap-3 rounded-xl bg-red-50 p-3" onSubmit={submit('cancelled', { reason })}>
        <p className="text-sm font-semibold text-red-900">{adminText.cancelWarning}</p>
        <Field id={`${id}-reason`} label={adminText.reason}>
          {(control) => (
            <textarea
              {...control}
              required
              maxLength={500}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <div className="flex gap-2">
          <Button
            type="submit"
            variant="danger"
            size="sm"
            disabled={mutation.isPending || reason.trim() === ''}
            disabledLook={mutation.isPending ? 'busy' : 'unavailable'}
          >
            {adminText.confirmCancel}
          </Button>
          {back}
        </div>
      </form>
    );

  return (
    <div className="flex flex-wrap items-start gap-2">
      {options.map((status) => {
        const blocked = status === 'in_production' ? order.productionBlockedReason : null;
        return (
          <div key={status}>
            <Button
              variant={status === 'cancelled' ? 'danger-outline' : 'primary'}
              size="sm"
              disabled={mutation.isPending || Boolean(blocked)}
              disabledLook={blocked ? 'unavailable' : 'busy'}
              aria-describedby={blocked ? 'production-blocked' : undefined}
              onClick={() =>
                status === 'shipped' || status === 'cancelled'
                  ? setAsking(status)
                  : mutation.mutate({ status })
              }
            >
              {status === 'cancelled'
                ? adminText.cancelOrder
                : status === 'pending'
                  ? statusLabels.pending
                  : adminText[markKeys[status]]}
            </Button>
            {blocked && (
              <p id="production-blocked" className="mt-1 max-w-xs text-xs text-slate-700">
                {blocked}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** What a step recorded, for the history: payment, shipment or the reason to cancel. */
function eventDetail(
  event: AdminStatusEvent,
  adminText: (typeof orderAdminMessages)['sv'],
  dateTag: string,
): string | null {
  const d = event.details;
  if (!d) return null;
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

export function OrderDetailDialog({ number, onClose }: { number: string; onClose: () => void }) {
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const adminText = useT(orderAdminMessages);
  const deliveryTexts = useT(deliveryMessages);
  const fileTexts = useT(printFileMessages);
  const sizeTexts = useT(sizeMessages);
  const statusLabels: Readonly<Record<string, string>> = useT(orderStatusMessages);
  const ledgerTexts = useT(ledgerMessages);
  const dateTag = dateLocaleTag[locale];
  const { data: order, isError } = useQuery(orderQuery(number, locale));
  const money = useMay('money');
  const jobs = useMay('production');
  const country = order ? countryNameIn(locale, order.countryCode) : undefined;
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
          <section aria-labelledby="detail-status">
            <h3 id="detail-status" className="text-sm font-bold uppercase tracking-wide text-slate-600">
              {ui.status}
            </h3>
            {/* The two states side by side: the job's (set by its steps) and the money's (derived). */}
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span className="text-slate-600">{ledgerTexts.jobState}:</span>
              <StatusBadge status={order.status} />{' '}
              {ui.since({ date: formatDateTime(order.statusChangedAt, dateTag) })}
              <span className="ml-2 text-slate-600">{ledgerTexts.paymentState}:</span>
              <PaymentStateBadge state={order.paymentState} />
            </p>
            <div className="mt-3">
              <StatusActions order={order} />
            </div>
            {order.events.length > 0 && (
              <ol className="mt-3 space-y-1 text-sm text-slate-700">
                {order.events.map((event) => {
                  const detail = eventDetail(event, adminText, dateTag);
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
          </section>

          {money && <OrderMoneySection order={order} />}
          {money && <RemindersPanel order={order} />}

          {jobs && <ProofPanel order={order} />}

          <OrderHistory orderNumber={order.orderNumber} />

          <section aria-labelledby="detail-customer">
            <h3 id="detail-customer" className="text-sm font-bold uppercase tracking-wide text-slate-600">
              {ui.customer}
            </h3>
            <dl className="mt-2 divide-y divide-slate-100">
              <Row label={ui.customerType}>{order.customerType === 'company' ? ui.company : ui.personal}</Row>
              <Row label={order.customerType === 'company' ? ui.contactPerson : ui.name}>
                {order.customerName}
              </Row>
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
              <Row label={ui.country}>
                {country ? `${country} (${order.countryCode})` : order.countryCode}
              </Row>
              <Row label={ui.orderDate}>{formatDateTime(order.orderDate, dateTag)}</Row>
              <Row label={deliveryTexts.heading}>
                <span data-testid="detail-delivery-estimate">
                  {formatDate(order.delivery.estimate, dateTag)}
                </span>
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
          </section>

          <section aria-labelledby="detail-lines">
            <h3 id="detail-lines" className="text-sm font-bold uppercase tracking-wide text-slate-600">
              {ui.items}
            </h3>
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
                    <span className="text-slate-700">
                      {formatUnitPriceDecimal(line.unitPrice)}/{quantityUnit[locale]} ·{' '}
                      <span className="font-semibold text-slate-900">{formatKrDecimal(line.lineTotal)}</span>
                    </span>
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
            <dl className="mt-2 border-t border-slate-200 pt-2">
              <Row label={ui.exVat}>{formatKrDecimal(order.exVatAmount)}</Row>
              <Row label={ui.vat({ percent: order.vatTreatment === 'domestic' ? VAT_RATE_PERCENT : 0 })}>
                {formatKrDecimal(order.vatAmount)}
              </Row>
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
                      <span
                        className="mt-1 block font-medium text-amber-900"
                        data-testid="admin-vies-reissue"
                      >
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
          </section>

          {jobs && <PrintFiles orderNumber={order.orderNumber} files={order.printFiles} />}
          {money && (
            <SupplementaryInvoices orderNumber={order.orderNumber} invoices={order.supplementaryInvoices} />
          )}

          {money && (
            <>
              {/* One row that wraps whole buttons on a phone (each used to carry its own left margin). */}
              <div className="flex flex-wrap gap-2">
                <a
                  href={`/api/admin/orders/${encodeURIComponent(order.orderNumber)}/invoice`}
                  target="_blank"
                  rel="noopener"
                  className={linkButton}
                >
                  {ui.viewInvoice} <ExternalLink className="size-4" aria-hidden />
                </a>
                <a
                  href={`/api/admin/orders/${encodeURIComponent(order.orderNumber)}/invoice.pdf`}
                  className={linkButton}
                >
                  {ui.invoicePdf}
                </a>
                <a
                  href={`/api/admin/orders/${encodeURIComponent(order.orderNumber)}/invoice.xml`}
                  className={linkButton}
                >
                  {ui.invoiceXml}
                </a>
              </div>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
