import { FileImage, FileType2, Trash2 } from 'lucide-react';
import { FileButton } from '@/client/components/ui/file-button';
import { useId, useState } from 'react';
import { formatCount } from '@/shared/money-format';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatFileSize, printFileAccept, printFileQuality, type PrintSizeLine } from '@/shared/print-files';
import { feeCharged, type VatTreatment, pricesIncludeVat } from '@/shared/invoicing/vat-treatment';
import { CONVERSION_FEE } from '@/shared/terms';
import { useCurrency } from '@/client/state/currency-context';
import { PrintQualityNote } from '@/client/components/print-quality';
import { ApiError } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { printFileProblem, uploadPrintFile } from '@/client/lib/print-file-api';
import { printFileStore, type AttachedPrintFile } from '@/client/state/print-files';

/**
 * The cart's print files: upload (kind shown, the raster fee said before a file is chosen),
 * remove, and each raster file's effective dpi at the size the order prints it.
 */
export function PrintFilesPanel(props: {
  files: readonly AttachedPrintFile[];
  lines: readonly PrintSizeLine[];
  shopEmail: string | undefined;
  /** The VAT treatment the checkout form decides (Swedish VAT until the buyer says otherwise). */
  treatment: VatTreatment;
  /** Under OSS the buyer country's rate (tenths of a percent). */
  ossTenths?: number | null;
}) {
  const t = useT(printFileMessages);
  const inputId = useId();
  const [uploading, setUploading] = useState<string[]>([]);
  // In the currency the buyer shops in, like every other price on the page.
  // What the buyer pays for it: 100 kr with Swedish VAT, 80 kr under reverse charge or export.
  const fee = useCurrency().formatPrice(feeCharged(CONVERSION_FEE, props.treatment, props.ossTenths ?? null));
  const vat = pricesIncludeVat(props.treatment)
    ? t.feeVatIncluded
    : props.treatment === 'oss'
      ? t.feeBuyerCountryVat
      : t.feeNoSwedishVat;

  const upload = async (file: File) => {
    const problem = printFileProblem(file, t);
    if (problem) {
      notify.error(problem);
      return;
    }
    setUploading((names) => [...names, file.name]);
    try {
      const answer = await uploadPrintFile(file);
      printFileStore.add({ ...answer, source: 'upload' });
      notify.success(t.uploaded({ name: answer.name }));
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t.noFile);
    } finally {
      setUploading((names) => names.filter((name) => name !== file.name));
    }
  };

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="mt-4 rounded-2xl border border-slate-200 p-5"
      data-testid="print-files"
    >
      <h2 id={`${inputId}-heading`} className="text-lg font-semibold text-slate-900">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.intro({ fee, vat })}</p>
      {props.files.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200">
          {props.files.map((file) => {
            const quality = file.kind === 'raster' ? printFileQuality(file, props.lines) : undefined;
            const Icon = file.kind === 'vector' ? FileType2 : FileImage;
            return (
              <li key={file.id} className="flex items-start gap-3 py-3" data-testid="print-file">
                <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="break-words font-medium text-slate-900">{file.name || t.unnamed}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-2 text-slate-600">
                    <span
                      className={
                        file.kind === 'vector'
                          ? 'rounded bg-emerald-50 px-1.5 font-medium text-emerald-800'
                          : 'rounded bg-amber-50 px-1.5 font-medium text-amber-900'
                      }
                      data-testid="print-file-kind"
                    >
                      {t[file.kind]}
                      {file.kind === 'raster' && ` · ${t.feeBadge({ fee })}`}
                    </span>
                    <span>{formatFileSize(file.bytes)}</span>
                    {file.width && file.height && (
                      <span>
                        {t.pixels({ width: formatCount(file.width), height: formatCount(file.height) })}
                      </span>
                    )}
                  </p>
                  {quality && (
                    <p className="mt-1 text-slate-700">
                      <PrintQualityNote quality={quality} />
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  onClick={() => printFileStore.remove(file.id)}
                  aria-label={t.removeLabel({ name: file.name || t.unnamed })}
                  className="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700"
                >
                  <Trash2 className="size-5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {uploading.map((name) => (
        <p key={name} role="status" className="mt-2 text-sm text-slate-600">
          {t.uploading({ name })}
        </p>
      ))}
      <FileButton
        label={t.add}
        accept={printFileAccept}
        multiple
        testId="print-file-input"
        onFiles={(chosen) => {
          for (const file of chosen) void upload(file);
        }}
      />
      {props.shopEmail && (
        <p className="mt-3 text-sm text-slate-600">{t.emailLater({ email: props.shopEmail })}</p>
      )}
    </section>
  );
}
