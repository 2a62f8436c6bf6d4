import { ExternalLink } from 'lucide-react';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatKrDecimal } from '@/shared/money-format';
import {
  adminSupplementaryInvoicePaths,
  type SupplementaryInvoiceSummary,
} from '@/shared/supplementary-invoices';
import { useLocale, useT } from '@/client/lib/i18n';
import { buttonClass } from '@/client/components/ui/button';

const linkButton = buttonClass({ variant: 'secondary', size: 'sm' });

/** The order's supplementary invoices (a raster print file added after ordering): HTML and PDF. */
export function SupplementaryInvoices(props: {
  orderNumber: string;
  invoices: readonly SupplementaryInvoiceSummary[];
}) {
  const { locale } = useLocale();
  const t = useT(orderPrintFileMessages);
  const fileTexts = useT(printFileMessages);
  if (props.invoices.length === 0) return null;
  return (
    <section aria-labelledby="detail-supplementary" data-testid="admin-supplementary-invoices">
      <h3 id="detail-supplementary" className="text-sm font-bold tracking-wide text-slate-600 uppercase">
        {t.adminHeading} ({props.invoices.length})
      </h3>
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
                <p className="text-slate-700">
                  {t.supplementaryDetail({
                    total: formatKrDecimal(invoice.total),
                    due: formatDate(invoice.dueDate, dateLocaleTag[locale]),
                    file: invoice.printFileName ?? fileTexts.unnamed,
                  })}
                </p>
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}
