import { FormBehindButton, notifyFailed, SubmitOrBack } from '@/client/features/admin/form-parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { formatKrDecimal } from '@/shared/money-format';
import {
  adminSupplementaryInvoicePaths,
  supplementaryInvoiceDetail,
  type SupplementaryInvoiceSummary,
} from '@/shared/supplementary-invoices';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { buttonClass } from '@/client/components/ui/button';
import { adminKeys, recordPayment } from '@/client/features/admin/admin-api';
import { usePaymentFields } from '@/client/features/admin/money/payment-fields';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

const linkButton = buttonClass({ variant: 'secondary', size: 'sm' });

/** The order's supplementary invoices (a raster print file added after ordering): HTML and PDF. */
export function SupplementaryInvoices(props: {
  orderNumber: string;
  invoices: readonly SupplementaryInvoiceSummary[];
}) {
  const { locale } = useLocale();
  const t = useT(orderPrintFileMessages);
  if (props.invoices.length === 0) return null;
  return (
    <DetailSection
      heading={`${t.adminHeading} (${props.invoices.length})`}
      headingId="detail-supplementary"
      testId="admin-supplementary-invoices"
    >
      <ul className="mt-2 divide-y divide-slate-100">
        {props.invoices.map((invoice) => {
          const paths = adminSupplementaryInvoicePaths(props.orderNumber, invoice.invoiceNumber);
          return (
            <li
              key={invoice.invoiceNumber}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">{invoice.invoiceNumber}</p>
                <p className="text-slate-700">{supplementaryInvoiceDetail(invoice, locale)}</p>
              </div>
              <div className="flex gap-2">
                <a
                  href={paths.html}
                  target="_blank"
                  rel="noopener"
                  aria-label={t.viewLabel({ number: invoice.invoiceNumber })}
                  className={linkButton}
                >
                  {t.view} <ExternalLink className="size-4" aria-hidden />
                </a>
                <a
                  href={paths.pdf}
                  aria-label={t.pdfLabel({ number: invoice.invoiceNumber })}
                  className={linkButton}
                >
                  PDF
                </a>
              </div>
              <SupplementaryPayment orderNumber={props.orderNumber} invoice={invoice} />
            </li>
          );
        })}
      </ul>
    </DetailSection>
  );
}

/** Paid (day and amount), or the admin records the payment: by default today and the invoice total. */
function SupplementaryPayment(props: { orderNumber: string; invoice: SupplementaryInvoiceSummary }) {
  const { locale } = useLocale();
  const t = useT(orderPrintFileMessages);
  const adminText = useT(orderAdminMessages);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const paymentForm = usePaymentFields(props.invoice.total);
  const mutation = useMutation({
    mutationFn: () =>
      recordPayment(
        props.orderNumber,
        {
          amount: paymentForm.payment.amountReceived,
          paidOn: paymentForm.payment.paidOn,
          invoice: props.invoice.invoiceNumber,
        },
        locale,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.order(props.orderNumber) });
      setOpen(false);
      notify.success(t.paymentRecorded, { description: props.invoice.invoiceNumber });
    },
    onError: notifyFailed(t.paymentFailed),
  });
  const { payment } = props.invoice;
  if (payment)
    return (
      <p className="w-full text-sm font-medium text-emerald-800">
        {t.paidDetail({
          date: formatDate(payment.paidOn, dateLocaleTag[locale]),
          amount: formatKrDecimal(payment.amount),
        })}
      </p>
    );
  return (
    <FormBehindButton
      open={open}
      onOpen={() => setOpen(true)}
      buttonLabel={t.recordPayment}
      buttonVariant="secondary"
      buttonOwnLine
      label={t.paymentOf({ number: props.invoice.invoiceNumber })}
      className="grid w-full gap-3 sm:grid-cols-2"
      onSubmit={() => mutation.mutate()}
    >
      {paymentForm.fields}
      <SubmitOrBack
        className="sm:col-span-2"
        submitLabel={adminText.confirmPaid}
        backLabel={adminText.back}
        pending={mutation.isPending}
        onBack={() => setOpen(false)}
      />
    </FormBehindButton>
  );
}
