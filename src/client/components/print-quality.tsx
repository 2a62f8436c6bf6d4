import { AlertTriangle } from 'lucide-react';
import { formatCount } from '@/shared/money-format';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import type { PrintQuality } from '@/shared/print-files';
import { useT } from '@/client/lib/i18n';

const cm = (n: number) => new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(n);

/** "150 dpi at 28 cm wide", with a warning below 150 dpi: said, never refused. */
export function PrintQualityNote({ quality }: { quality: PrintQuality }) {
  const t = useT(printFileMessages);
  const text = t.quality({ dpi: formatCount(quality.dpi), cm: cm(quality.widthCm) });
  if (!quality.blurry) return <span data-testid="print-quality">{text}</span>;
  return (
    <span
      data-testid="print-quality"
      data-blurry
      className="inline-flex items-start gap-1 font-medium text-amber-900"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {text}: {t.blurry}
      </span>
    </span>
  );
}
