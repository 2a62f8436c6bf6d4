import { printFileDownloadPath } from '@/shared/admin';
import { buttonClass } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { formatCount } from '@/shared/money-format';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatFileSize, type OrderPrintFile } from '@/shared/print-files';
import { useT } from '@/client/lib/i18n';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

/** Downloads and documents: links that look like secondary buttons. */
export const linkButton = buttonClass({ variant: 'secondary', size: 'sm' });

const cm = (n: number) => new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(n);

/** Every print file of the order: kind, size, name, download (attachment); raster: pixels and dpi. */
export function PrintFiles({
  orderNumber,
  files,
}: {
  orderNumber: string;
  files: readonly OrderPrintFile[];
}) {
  const fileTexts = useT(printFileMessages);
  return (
    <DetailSection
      heading={
        <>
          {fileTexts.heading} ({files.length})
        </>
      }
      headingId="detail-print-files"
      testId="admin-print-files"
    >
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
    </DetailSection>
  );
}
