import { FileType2, ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { PrintSide } from '@/shared/catalogue';
import { SCALE_MIN, SCALE_STEP } from '@/shared/customisation';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { uploadMessages } from '@/shared/i18n/messages/uploads';
import { formatFileSize, printQuality, type PrintFileAnswer, type PrintFileKind } from '@/shared/print-files';
import { CONVERSION_FEE } from '@/shared/terms';
import { useCurrency } from '@/client/state/currency-context';
import { acceptAttribute } from '@/shared/uploads';
import { PrintQualityNote } from '@/client/components/print-quality';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useT } from '@/client/lib/i18n';
import { useIsClient } from '@/client/lib/is-client';
import { printFileProblem, uploadPrintFile } from '@/client/lib/print-file-api';
import { printFileStore, usePrintFiles } from '@/client/state/print-files';
import { clampScale, largestScale, scaleLabel, type PrintDraft, type PrintImage } from './customiser-model';
import type { MockupId, PrintAreasCm } from '@/shared/print-areas';
import { printWidthOnArea, sideAreaCm } from '@/shared/print-fit';
import { destinationFor, imageProblem, uploadImage } from './upload-api';
import { Button, buttonClass } from '@/client/components/ui/button';

interface PrintPanelProps {
  /** The product's mockup and print areas in cm (its record): a print's size on the garment. */
  product: { mockup?: MockupId | undefined; printAreas?: PrintAreasCm | undefined };
  /** The panel's heading: the method, with its side when the method is on several sides. */
  title: string;
  print: PrintDraft;
  sides: readonly { id: PrintSide; label: string }[];
  /** Sides where this method already has another print (one print per method and side). */
  takenSides: readonly PrintSide[];
  onUploaded: (upload: PrintImage) => void;
  onPrintFile: (file: PrintFileAnswer | undefined) => void;
  onRemove: () => void;
  onSideChange: (side: PrintSide) => void;
  onScaleChange: (scale: number) => void;
  onBusyChange: (busy: boolean) => void;
}

const cm = (n: number) => new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(n);

/** Uploading one print's file: an image for the preview or a print file without one. */
function usePrintUpload(props: Pick<PrintPanelProps, 'onUploaded' | 'onPrintFile' | 'onBusyChange'>) {
  const uploadTexts = useT(uploadMessages);
  const fileTexts = useT(printFileMessages);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<AbortController | null>(null);

  const setUploading = (value: boolean) => {
    setBusy(value);
    props.onBusyChange(value);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const destination = destinationFor(file);
    const problem =
      destination === 'image'
        ? imageProblem(file, uploadTexts)
        : destination === 'print-file'
          ? printFileProblem(file, fileTexts)
          : uploadTexts.notImage;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setUploading(true);
    try {
      if (destination === 'print-file') {
        props.onPrintFile(await uploadPrintFile(file, controller.signal));
      } else {
        const answer = await uploadImage(file, controller.signal);
        props.onUploaded({ ...answer, fileName: file.name });
      }
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(caught instanceof ApiError ? caught.message : uploadTexts.connection);
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        setUploading(false);
      }
    }
  };

  return { busy, error, setError, onFile };
}

type PrintUpload = ReturnType<typeof usePrintUpload>;

/** One print (DTG or screen): its image upload, the side it goes on and its size. */
export function PrintPanel(props: PrintPanelProps) {
  const { print } = props;
  const t = useT(customiserMessages);
  const fileTexts = useT(printFileMessages);
  const ids = { title: useId(), error: useId() };
  const upload = usePrintUpload(props);
  const label = props.title;
  const description = print.method === 'dtg' ? t.dtgDescription : t.screenDescription;

  return (
    <section aria-labelledby={ids.title} className="rounded-2xl border border-slate-200 p-4 sm:p-5">
      <h3 id={ids.title} className="text-base font-semibold text-slate-900">
        {label}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{description}</p>

      <UploadRow print={print} label={label} upload={upload} errorId={ids.error} onRemove={props.onRemove} />
      <p role="status" className="sr-only">
        {upload.busy ? t.uploadingStatus({ method: label }) : ''}
      </p>
      {upload.error && (
        <p
          id={ids.error}
          role="alert"
          className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {upload.error}
        </p>
      )}

      {print.upload && (
        <UseAsPrintFile
          file={{
            id: print.upload.id,
            kind: print.upload.kind,
            name: print.upload.fileName,
            bytes: print.upload.size,
            contentType: print.upload.contentType,
            // The cart counts one conversion fee per distinct file, as the server charges.
            ...(print.upload.sha256 ? { sha256: print.upload.sha256 } : {}),
            ...(print.upload.width && print.upload.height
              ? { width: print.upload.width, height: print.upload.height }
              : {}),
          }}
          source="customiser"
          label={fileTexts.useAsPrintFile}
          testId={`use-as-print-file-${print.key}`}
        />
      )}

      {print.printFile && (
        <NoPreviewFile
          file={print.printFile}
          method={print.key}
          onRemove={() => props.onPrintFile(undefined)}
        />
      )}

      {print.upload && (
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          <SidePicker {...props} />
          <SizeSlider {...props} upload={print.upload} />
        </div>
      )}
    </section>
  );
}

/** The image (or the formats to pick from), the file input and the remove button. */
function UploadRow(props: {
  print: PrintDraft;
  label: string;
  upload: PrintUpload;
  errorId: string;
  onRemove: () => void;
}) {
  const { print, label, upload } = props;
  const { busy } = upload;
  const t = useT(customiserMessages);
  const inputId = useId();
  // A file picked in server HTML before the app takes over would be lost: wait for the app.
  const isClient = useIsClient();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      {print.upload && (
        <img
          src={print.upload.url}
          alt={t.imageAlt({ method: label })}
          className="size-16 shrink-0 rounded-lg border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:12px_12px] object-contain"
        />
      )}
      <div className="min-w-0 flex-1 basis-40">
        {print.upload ? (
          <p className="truncate text-sm font-medium text-slate-900" title={print.upload.fileName}>
            {print.upload.fileName}
            <span className="block text-xs font-normal text-slate-600">
              {t.uploaded({ size: formatFileSize(print.upload.size) })}
            </span>
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t.formats}</p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="file"
          accept={acceptAttribute}
          aria-label={print.upload ? t.replaceLabel({ method: label }) : t.uploadLabel({ method: label })}
          aria-describedby={upload.error ? props.errorId : undefined}
          disabled={busy || !isClient}
          onChange={(event) => void upload.onFile(event)}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          aria-hidden
          className={buttonClass({
            variant: print.upload ? 'secondary' : 'primary',
            size: 'sm',
            filePicker: 'after-input',
          })}
        >
          {busy ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
          ) : (
            <ImagePlus className="size-4" aria-hidden />
          )}
          {busy ? t.uploading : print.upload ? t.replace : t.uploadImage}
        </label>
        {print.upload && !busy && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              upload.setError(null);
              props.onRemove();
            }}
            aria-label={t.removeLabel({ method: label })}
          >
            <Trash2 className="size-4" aria-hidden />
            {t.remove}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The side the print goes on: a choice when the product has several, else said plainly. */
function SidePicker(props: PrintPanelProps) {
  const { print } = props;
  const t = useT(customiserMessages);
  if (props.sides.length <= 1) {
    return (
      <p className="text-sm text-slate-700">
        <span className="block font-semibold text-slate-900">{t.printSide}</span>
        {t.onlySide({ side: props.sides[0]?.label ?? print.side })}
      </p>
    );
  }
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{t.printSide}</legend>
      <div className="mt-2 inline-flex rounded-xl bg-slate-100 p-1">
        {props.sides.map((s) => (
          <label key={s.id} className="relative">
            <input
              type="radio"
              name={`${print.key}-side`}
              value={s.id}
              checked={print.side === s.id}
              disabled={props.takenSides.includes(s.id)}
              onChange={() => props.onSideChange(s.id)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'block cursor-pointer rounded-lg px-4 py-1.5 text-sm font-semibold transition',
                'peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600',
                print.side === s.id
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
                'peer-disabled:cursor-not-allowed peer-disabled:text-slate-400 peer-disabled:line-through',
              )}
            >
              {s.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The print's size: a slider up to the largest that fits, its width in cm and its quality. */
function SizeSlider(props: PrintPanelProps & { upload: PrintImage }) {
  const { print, upload } = props;
  const t = useT(customiserMessages);
  const ids = { size: useId(), largest: useId() };
  const area = sideAreaCm(props.product, print.side);
  const widthCm = area ? printWidthOnArea(area.widthCm, print.scale) : undefined;
  // The slider ends at the largest size that fits the side's print area (print-fit.ts).
  const maxScale = largestScale(props.product, print.side, upload);
  const maxWidthCm = area ? printWidthOnArea(area.widthCm, maxScale) : undefined;
  const quality =
    upload.kind === 'raster' && upload.width && widthCm ? printQuality(upload.width, widthCm) : undefined;
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor={ids.size} className="text-sm font-semibold text-slate-900">
          {t.printSize}
        </label>
        <output htmlFor={ids.size} className="text-sm font-semibold tabular-nums text-slate-900">
          {scaleLabel(print.scale)}
        </output>
      </div>
      <input
        id={ids.size}
        type="range"
        min={SCALE_MIN}
        max={maxScale}
        step={SCALE_STEP}
        value={Math.min(print.scale, maxScale)}
        aria-valuetext={scaleLabel(print.scale)}
        aria-describedby={maxWidthCm !== undefined ? ids.largest : undefined}
        onChange={(event) => props.onScaleChange(Math.min(maxScale, clampScale(Number(event.target.value))))}
        className="mt-3 w-full cursor-pointer accent-brand-700"
      />
      <p className="mt-2 text-sm text-slate-700" aria-live="polite" data-testid={`quality-${print.key}`}>
        {quality ? (
          <PrintQualityNote quality={quality} />
        ) : widthCm !== undefined ? (
          <span>
            {t.printWidth({ cm: cm(widthCm) })}
            {upload.kind === 'vector' && ` · ${t.vectorQuality}`}
          </span>
        ) : null}
      </p>
      {maxWidthCm !== undefined && (
        <p id={ids.largest} className="mt-1 text-xs text-slate-600" data-testid={`largest-${print.key}`}>
          {t.largestSize({ cm: cm(maxWidthCm), percent: scaleLabel(maxScale) })}
        </p>
      )}
    </div>
  );
}

/**
 * "Use this image as the print file", one click: the fee (raster) or its absence (vector), as the
 * server decided the kind, is said next to the box before it is ticked. Ticked = in the order's
 * print files (a customiser image goes with the order only while a cart line uses it).
 */
function UseAsPrintFile(props: {
  file: PrintFileAnswer;
  source: 'customiser' | 'upload';
  label: string;
  testId: string;
}) {
  const fileTexts = useT(printFileMessages);
  const t = useT(customiserMessages);
  const chosen = usePrintFiles().some((f) => f.id === props.file.id);
  const noteId = useId();
  // In the currency the buyer shops in, like every other price on the page.
  const fee = useCurrency().formatPrice(CONVERSION_FEE);
  const note = (kind: PrintFileKind) =>
    kind === 'raster'
      ? fileTexts.useRasterNote({ fee })
      : props.file.contentType === 'image/svg+xml'
        ? fileTexts.useVectorNote
        : t.vectorFileNote;
  return (
    <div
      className={cn(
        'mt-4 rounded-xl border p-3 text-sm',
        chosen ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-slate-50',
      )}
      data-testid={props.testId}
      data-kind={props.file.kind}
    >
      <label className="flex cursor-pointer items-start gap-2.5 font-semibold text-slate-900">
        <input
          type="checkbox"
          checked={chosen}
          aria-describedby={noteId}
          onChange={(event) => {
            if (event.target.checked) printFileStore.add({ ...props.file, source: props.source });
            else printFileStore.remove(props.file.id);
          }}
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
        />
        {props.label}
      </label>
      <p
        id={noteId}
        className={cn('mt-1 pl-6.5', props.file.kind === 'raster' ? 'text-amber-900' : 'text-slate-700')}
        data-testid="print-file-note"
      >
        {note(props.file.kind)}
      </p>
    </div>
  );
}

/** A PDF, EPS or AI file: said plainly that it has no preview, and offered as the print file. */
function NoPreviewFile(props: { file: PrintFileAnswer; method: string; onRemove: () => void }) {
  const t = useT(customiserMessages);
  const fileTexts = useT(printFileMessages);
  return (
    <div className="mt-4" data-testid={`no-preview-${props.method}`}>
      <div className="flex items-start gap-3">
        <FileType2 className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0 flex-1 text-sm">
          <p className="break-words font-medium text-slate-900">
            {props.file.name}{' '}
            <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
              {t.noPreviewBadge}
            </span>
          </p>
          <p className="mt-1 text-slate-700" role="status">
            {t.noPreview({ name: props.file.name })}
          </p>
        </div>
        <button
          type="button"
          onClick={props.onRemove}
          aria-label={fileTexts.removeLabel({ name: props.file.name })}
          className="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700"
        >
          <Trash2 className="size-5" aria-hidden />
        </button>
      </div>
      <UseAsPrintFile
        file={props.file}
        source="upload"
        label={t.useFileAsPrintFile}
        testId={`use-print-file-${props.method}`}
      />
    </div>
  );
}
