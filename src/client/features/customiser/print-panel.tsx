import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { PrintSide } from '@/shared/catalogue';
import { SCALE_MAX, SCALE_MIN, SCALE_STEP } from '@/shared/customisation';
import { acceptAttribute, uploadMessages } from '@/shared/uploads';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useIsClient } from '@/client/lib/is-client';
import { clampScale, printMethods, scaleLabel, type PrintDraft } from './customiser-model';
import { fileProblem, uploadImage } from './upload-api';

interface PrintPanelProps {
  print: PrintDraft;
  sides: readonly { id: PrintSide; label: string }[];
  onUploaded: (upload: NonNullable<PrintDraft['upload']>) => void;
  onRemove: () => void;
  onSideChange: (side: PrintSide) => void;
  onScaleChange: (scale: number) => void;
  onBusyChange: (busy: boolean) => void;
}

function formatBytes(size: number): string {
  if (size < 1024 * 1024) return `${Math.max(1, Math.round(size / 1024))} KB`;
  return `${(size / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/** One print (DTG or screen): its image upload, the side it goes on and its size. */
export function PrintPanel(props: PrintPanelProps) {
  const { print } = props;
  const method = printMethods.find((m) => m.id === print.method);
  const ids = { title: useId(), input: useId(), error: useId(), size: useId() };
  // A file picked in server HTML before the app takes over would be lost: wait for the app.
  const isClient = useIsClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<AbortController | null>(null);
  const label = method?.label ?? print.method;

  const setUploading = (value: boolean) => {
    setBusy(value);
    props.onBusyChange(value);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
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
      const answer = await uploadImage(file, controller.signal);
      props.onUploaded({
        id: answer.id,
        url: answer.url,
        fileName: file.name,
        contentType: answer.contentType,
        size: answer.size,
      });
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(
        caught instanceof ApiError ? caught.message : `${uploadMessages.unreadable} Check your connection.`,
      );
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        setUploading(false);
      }
    }
  };

  return (
    <section aria-labelledby={ids.title} className="rounded-2xl border border-slate-200 p-4 sm:p-5">
      <h3 id={ids.title} className="text-base font-semibold text-slate-900">
        {label}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{method?.description}</p>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {print.upload && (
          <img
            src={print.upload.url}
            alt={`${label} image`}
            className="size-16 shrink-0 rounded-lg border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:12px_12px] object-contain"
          />
        )}
        <div className="min-w-0 flex-1 basis-40">
          {print.upload ? (
            <p className="truncate text-sm font-medium text-slate-900" title={print.upload.fileName}>
              {print.upload.fileName}
              <span className="block text-xs font-normal text-slate-600">
                {formatBytes(print.upload.size)} · uploaded
              </span>
            </p>
          ) : (
            <p className="text-sm text-slate-600">PNG, JPEG, WebP or GIF, up to 20 MB.</p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <input
            id={ids.input}
            type="file"
            accept={acceptAttribute}
            aria-label={`${print.upload ? 'Replace' : 'Upload'} ${label} image`}
            aria-describedby={error ? ids.error : undefined}
            disabled={busy || !isClient}
            onChange={(event) => void onFile(event)}
            className="peer sr-only"
          />
          <label
            htmlFor={ids.input}
            aria-hidden
            className={cn(
              'inline-flex cursor-pointer items-center gap-2 rounded-xl border px-3.5 py-2 text-sm font-semibold transition',
              'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              print.upload
                ? 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                : 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800',
              busy && 'cursor-wait opacity-70',
            )}
          >
            {busy ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : (
              <ImagePlus className="size-4" aria-hidden />
            )}
            {busy ? 'Uploading…' : print.upload ? 'Replace' : 'Upload image'}
          </label>
          {print.upload && !busy && (
            <button
              type="button"
              onClick={() => {
                setError(null);
                props.onRemove();
              }}
              aria-label={`Remove ${label}`}
              className="inline-flex items-center gap-1.5 rounded-xl border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-red-50 hover:text-red-800"
            >
              <Trash2 className="size-4" aria-hidden />
              Remove
            </button>
          )}
        </div>
      </div>
      <p role="status" className="sr-only">
        {busy ? `Uploading ${label} image` : ''}
      </p>
      {error && (
        <p
          id={ids.error}
          role="alert"
          className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      )}

      {print.upload && (
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          {props.sides.length > 1 ? (
            <fieldset>
              <legend className="text-sm font-semibold text-slate-900">Print side</legend>
              <div className="mt-2 inline-flex rounded-xl bg-slate-100 p-1">
                {props.sides.map((s) => (
                  <label key={s.id} className="relative">
                    <input
                      type="radio"
                      name={`${print.method}-side`}
                      value={s.id}
                      checked={print.side === s.id}
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
                      )}
                    >
                      {s.label}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p className="text-sm text-slate-700">
              <span className="block font-semibold text-slate-900">Print side</span>
              {props.sides[0]?.label ?? 'Front'} (the only print side of this product)
            </p>
          )}
          <div>
            <div className="flex items-baseline justify-between">
              <label htmlFor={ids.size} className="text-sm font-semibold text-slate-900">
                Print size
              </label>
              <output htmlFor={ids.size} className="text-sm font-semibold tabular-nums text-slate-900">
                {scaleLabel(print.scale)}
              </output>
            </div>
            <input
              id={ids.size}
              type="range"
              min={SCALE_MIN}
              max={SCALE_MAX}
              step={SCALE_STEP}
              value={print.scale}
              aria-valuetext={scaleLabel(print.scale)}
              onChange={(event) => props.onScaleChange(clampScale(Number(event.target.value)))}
              className="mt-3 w-full cursor-pointer accent-brand-700"
            />
          </div>
        </div>
      )}
    </section>
  );
}
