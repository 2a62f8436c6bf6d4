import { ExternalLink, FileImage, FileText, FileType2 } from 'lucide-react';
import { Field } from '@/client/components/ui/field';
import { FileButton } from '@/client/components/ui/file-button';
import { useId, useState } from 'react';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatCount, formatEuroDecimal, formatKr } from '@/shared/money-format';
import { convertAmount } from '@/shared/invoicing/invoice-currency';
import { milliToDecimalString } from '@/shared/money';
import type { OrderView } from '@/shared/order-view';
import { MAX_LINE_NOTES } from '@/shared/product-options';
import {
  formatFileSize,
  printFileAccept,
  type OrderPrintFile,
  type PrintFileAnswer,
} from '@/shared/print-files';
import { feeCharged } from '@/shared/invoicing/vat-treatment';
import { supplementaryInvoiceDetail } from '@/shared/supplementary-invoices';
import { CONVERSION_FEE } from '@/shared/terms';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { printFileProblem, uploadPrintFile } from '@/client/lib/print-file-api';
import { EInvoiceLink } from './order-money';
import type { OrderAccess } from './order-page-api';
import {
  addPrintFileToOrder,
  removePrintFile,
  replacePrintFile,
  supplementaryInvoiceLinks,
} from './print-files-api';
import { Button } from '@/client/components/ui/button';
import { textLinkClass } from '@/client/components/ui/text-link';

/** Statuses in which the shop still takes print files (the server says the same). */
const takesFiles: ReadonlySet<string> = new Set(['pending', 'in_production']);

/** The conversion fee as the order's supplementary invoice would charge it, and its VAT in words. */
function useConversionFee(order: OrderView) {
  const files = useT(printFileMessages);
  // What the supplementary invoice will charge: 100 kr with Swedish VAT, 80 kr under reverse charge
  // or export (the order's VAT treatment), and said so.
  // Under OSS the order's own rate (the buyer country's), as its invoices charge it; a euro order's
  // supplementary invoice is in EUR at the order's rate, and the fee says so (issue 42).
  const ossTenths = order.vatTreatment === 'oss' ? Math.round(order.vatPercent * 10) : null;
  const feeSek = feeCharged(CONVERSION_FEE, order.vatTreatment, ossTenths);
  const fee = order.invoiceCurrency
    ? formatEuroDecimal(convertAmount(milliToDecimalString(feeSek), order.invoiceCurrency.rate))
    : formatKr(feeSek);
  const vat = order.pricesIncludeVat
    ? files.feeVatIncluded
    : order.vatTreatment === 'oss'
      ? files.feeBuyerCountryVat
      : files.feeNoSwedishVat;
  return { fee, vat };
}

type Access = { order: OrderView; access: OrderAccess; onAdded: () => void };

/**
 * What the buyer does with the order's files: choose one (uploaded and checked first), add it,
 * replace a listed one, remove one; a raster file waits in `confirming` for the fee's consent.
 */
function usePrintFileActions({ order, access, onAdded }: Access) {
  const t = useT(orderPrintFileMessages);
  const files = useT(printFileMessages);
  const [checking, setChecking] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PrintFileAnswer | null>(null);
  // The listed file the chosen one replaces (before proof approval), while it is being confirmed.
  const [replacing, setReplacing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // The listed file the buyer asked to remove, while it is being confirmed.
  const [removing, setRemoving] = useState<string | null>(null);
  // The goods lines a file can belong to (fee lines take no print file), by their index in the order.
  const goods = order.lines.flatMap((line, index) => (line.fee ? [] : [{ line, index }]));
  const [forLine, setForLine] = useState<string>('');
  const [note, setNote] = useState('');
  const lineLabel = (index: number) => {
    const line = order.lines[index];
    return line ? `${formatCount(line.quantity)} × ${line.text.name}` : '';
  };

  const add = async (file: PrintFileAnswer, acceptConversionFee: boolean) => {
    setAdding(true);
    try {
      const answer = await addPrintFileToOrder(access, {
        printFile: file.id,
        acceptConversionFee,
        ...(forLine !== '' ? { line: Number(forLine) } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setConfirming(null);
      setNote('');
      const name = answer.printFile.name || files.unnamed;
      if (answer.printFile.id !== file.id) notify.info(t.alreadyAdded({ name }));
      else if (answer.supplementaryInvoice)
        notify.success(t.addedWithInvoice({ name, invoice: answer.supplementaryInvoice.invoiceNumber }));
      else notify.success(t.added({ name }));
      onAdded();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : files.noFile);
    } finally {
      setAdding(false);
    }
  };

  const replace = async (file: PrintFileAnswer, oldId: string, acceptConversionFee: boolean) => {
    setAdding(true);
    try {
      const answer = await replacePrintFile(access, oldId, { printFile: file.id, acceptConversionFee });
      setConfirming(null);
      setReplacing(null);
      const name = file.name || files.unnamed;
      if (answer.creditNote) notify.success(t.replacedCredited({ name, note: answer.creditNote }));
      else if (answer.supplementaryInvoice)
        notify.success(t.addedWithInvoice({ name, invoice: answer.supplementaryInvoice }));
      else notify.success(t.replaced({ name }));
      onAdded();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : files.noFile);
    } finally {
      setAdding(false);
    }
  };

  const remove = async (uploadId: string) => {
    const listed = order.printFiles.find((file) => file.id === uploadId);
    const name = listed?.name || files.unnamed;
    setAdding(true);
    try {
      const answer = await removePrintFile(access, uploadId);
      setRemoving(null);
      if (answer.creditNote) notify.success(t.removedCredited({ name, note: answer.creditNote }));
      else notify.success(t.removed({ name }));
      onAdded();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : files.noFile);
    } finally {
      setAdding(false);
    }
  };

  const choose = async (file: File, replaces?: string) => {
    const problem = printFileProblem(file, files);
    if (problem) {
      notify.error(problem);
      return;
    }
    setChecking(file.name);
    try {
      const uploaded = await uploadPrintFile(file);
      const replaced = replaces ? order.printFiles.find((listed) => listed.id === replaces) : undefined;
      if (replaces && replaced) {
        // A raster file costs the fee only where it replaces a vector file (raster for raster is one conversion).
        if (uploaded.kind === 'raster' && replaced.kind !== 'raster') {
          setReplacing(replaces);
          setConfirming(uploaded);
        } else await replace(uploaded, replaces, false);
      } else if (uploaded.kind === 'raster') setConfirming(uploaded);
      else await add(uploaded, false);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : files.noFile);
    } finally {
      setChecking(null);
    }
  };

  return {
    checking,
    confirming,
    replacing,
    adding,
    removing,
    setRemoving,
    forLine,
    setForLine,
    note,
    setNote,
    goods,
    lineLabel,
    add,
    replace,
    remove,
    choose,
    cancelConfirm: () => {
      setConfirming(null);
      setReplacing(null);
    },
  };
}

type Actions = ReturnType<typeof usePrintFileActions>;

/**
 * The order page's print files: the files the shop has, and adding more. A file is uploaded
 * first (the server decides vector or raster from its content); a vector file is added at once,
 * a raster file only after the buyer confirms the conversion fee, which is charged on a
 * supplementary invoice.
 */
export function OrderPrintFiles(props: Access) {
  const { order } = props;
  const t = useT(orderPrintFileMessages);
  const inputId = useId();
  const { fee, vat } = useConversionFee(order);
  const actions = usePrintFileActions(props);
  const { confirming } = actions;
  return (
    <div data-testid="order-add-print-files">
      {order.printFiles.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="order-print-file-list">
          {order.printFiles.map((file) => (
            <ListedPrintFile key={file.id} file={file} order={order} actions={actions} inputId={inputId} />
          ))}
        </ul>
      )}
      {!takesFiles.has(order.status) ? (
        <p className="mt-3 text-sm text-slate-700">{t.closed}</p>
      ) : confirming ? (
        <FeeConfirm confirming={confirming} actions={actions} inputId={inputId} fee={fee} vat={vat} />
      ) : (
        <AddPrintFile actions={actions} inputId={inputId} fee={fee} vat={vat} />
      )}
      <p className="sr-only" aria-live="polite">
        {confirming ? t.confirmHeading({ fee }) : ''}
      </p>
    </div>
  );
}

/** A file the order has: its kind, size, line and note; replace or remove it before proof approval. */
function ListedPrintFile(props: {
  file: OrderPrintFile;
  order: OrderView;
  actions: Actions;
  inputId: string;
}) {
  const { file, order, actions, inputId } = props;
  const { checking, adding, confirming, removing, setRemoving, goods, lineLabel, choose, remove } = actions;
  const t = useT(orderPrintFileMessages);
  const files = useT(printFileMessages);
  const Icon = file.kind === 'vector' ? FileType2 : FileImage;
  return (
    <li className="flex items-start gap-3 py-2.5 text-sm">
      <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{file.name || files.unnamed}</p>
        <p className="text-slate-600">
          {files[file.kind]} · {formatFileSize(file.bytes)}
          {file.width && file.height
            ? ` · ${files.pixels({ width: formatCount(file.width), height: formatCount(file.height) })}`
            : ''}
        </p>
        {file.line !== undefined && goods.length > 1 && (
          <p className="text-slate-700" data-testid="print-file-line">
            {t.fileFor({ line: lineLabel(file.line) })}
          </p>
        )}
        {file.note && (
          <p className="whitespace-pre-wrap break-words text-slate-700" data-testid="print-file-note">
            {file.note}
          </p>
        )}
        {/* Files are replaced only before the proof is approved (the server says the same). */}
        {order.cancellable && !confirming && removing !== file.id && (
          <div className="flex flex-wrap items-center gap-x-3">
            <FileButton
              label={t.replace}
              accept={printFileAccept}
              disabled={checking !== null || adding}
              testId="order-print-file-replace"
              onFiles={([chosen]) => {
                if (chosen) void choose(chosen, file.id);
              }}
            />
            <Button
              variant="danger-outline"
              size="sm"
              className="mt-2"
              aria-label={t.removeLabel({ name: file.name || files.unnamed })}
              disabled={checking !== null || adding}
              data-testid="order-print-file-remove"
              onClick={() => setRemoving(file.id)}
            >
              {t.remove}
            </Button>
          </div>
        )}
        {removing === file.id && (
          <div
            role="group"
            aria-labelledby={`${inputId}-remove-${file.id}`}
            className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-950"
            data-testid="order-print-file-remove-confirm"
          >
            <p id={`${inputId}-remove-${file.id}`} className="font-semibold">
              {t.removeConfirmHeading({ name: file.name || files.unnamed })}
            </p>
            <p className="mt-1">{t.removeConfirmText}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="danger"
                disabledLook="busy"
                disabled={adding}
                onClick={() => void remove(file.id)}
              >
                {t.removeConfirm}
              </Button>
              <Button size="sm" variant="secondary" disabled={adding} onClick={() => setRemoving(null)}>
                {t.cancel}
              </Button>
            </div>
          </div>
        )}
      </div>
    </li>
  );
}

/** The conversion fee's consent for a raster file, before it is added or replaces a listed one. */
function FeeConfirm(props: {
  confirming: PrintFileAnswer;
  actions: Actions;
  inputId: string;
  fee: string;
  vat: string;
}) {
  const { confirming, actions, inputId, fee, vat } = props;
  const { adding, replacing, replace, add } = actions;
  const t = useT(orderPrintFileMessages);
  const files = useT(printFileMessages);
  return (
    <section
      aria-labelledby={`${inputId}-confirm`}
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="order-fee-confirm"
    >
      <h3 id={`${inputId}-confirm`} className="font-semibold">
        {t.confirmHeading({ fee })}
      </h3>
      <p className="mt-1 text-sm">{t.confirmText({ name: confirming.name || files.unnamed, fee, vat })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabledLook="busy"
          disabled={adding}
          onClick={() => void (replacing ? replace(confirming, replacing, true) : add(confirming, true))}
        >
          {t.confirm({ fee })}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabledLook="busy"
          disabled={adding}
          onClick={actions.cancelConfirm}
        >
          {t.cancel}
        </Button>
      </div>
    </section>
  );
}

/** Adding a file: the fee in words, the line it is for and a note, and the file button. */
function AddPrintFile(props: { actions: Actions; inputId: string; fee: string; vat: string }) {
  const { actions, inputId, fee, vat } = props;
  const { checking, adding, goods, forLine, setForLine, note, setNote, lineLabel, choose } = actions;
  const t = useT(orderPrintFileMessages);
  return (
    <>
      <p className="mt-3 text-sm text-slate-700" data-testid="order-print-files-fee">
        {t.intro({ fee, vat })}
      </p>
      {checking !== null && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {t.checking({ name: checking })}
        </p>
      )}
      {goods.length > 1 && (
        <Field id={`${inputId}-line`} className="mt-3" label={t.forLine}>
          {(control) => (
            <select {...control} value={forLine} onChange={(event) => setForLine(event.target.value)}>
              <option value="">{t.wholeOrder}</option>
              {goods.map(({ index }) => (
                <option key={index} value={String(index)}>
                  {lineLabel(index)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field id={`${inputId}-note`} className="mt-3" label={t.note} hint={t.noteHint}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={MAX_LINE_NOTES}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      <FileButton
        label={t.add}
        accept={printFileAccept}
        disabled={checking !== null || adding}
        testId="order-print-file-input"
        onFiles={([file]) => {
          if (file) void choose(file);
        }}
      />
    </>
  );
}

/** The order's supplementary invoices in the Invoices card: HTML (new tab) and PDF, token in the link. */
export function SupplementaryInvoiceLinks(props: { order: OrderView; access: OrderAccess }) {
  const t = useT(orderPrintFileMessages);
  const { locale } = useLocale();
  if (props.order.supplementaryInvoices.length === 0) return null;
  return (
    <ul className="mt-3 space-y-3 border-t border-slate-100 pt-3">
      {props.order.supplementaryInvoices.map((invoice) => {
        const links = supplementaryInvoiceLinks(props.access, invoice.invoiceNumber);
        return (
          <li key={invoice.invoiceNumber} data-testid="supplementary-invoice">
            <p className="font-semibold text-slate-900">
              {t.supplementaryInvoice({ number: invoice.invoiceNumber })}
            </p>
            <p className="mt-0.5 text-sm break-words text-slate-700">
              {supplementaryInvoiceDetail(
                invoice,
                locale,
                props.order.money.documents.find((d) => d.number === invoice.invoiceNumber)?.totalInCurrency,
              )}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              <a
                href={links.html}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t.viewLabel({ number: invoice.invoiceNumber })}
                className={textLinkClass({ icon: true })}
              >
                <ExternalLink className="size-4" aria-hidden />
                {t.view}
              </a>
              <a
                href={links.pdf}
                download={`Invoice_${invoice.invoiceNumber}.pdf`}
                aria-label={t.pdfLabel({ number: invoice.invoiceNumber })}
                className={textLinkClass({ icon: true })}
              >
                <FileText className="size-4" aria-hidden />
                {t.invoicePdf}
              </a>
              <EInvoiceLink order={props.order} access={props.access} number={invoice.invoiceNumber} />
            </p>
          </li>
        );
      })}
    </ul>
  );
}
