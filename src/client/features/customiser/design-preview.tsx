import { Move } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { PrintSide } from '@/shared/catalogue';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { printMethodLabels } from '@/shared/print-options';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';
import { MockupView } from '@/client/components/mockup-view';
import { printWidthPercent, type PrintGeometry } from '@/client/components/print-area';
import { clampPosition, nudge, type PrintDraft } from './customiser-model';

interface DesignPreviewProps {
  /** The product's mockup and print areas (its record). */
  product: PrintGeometry;
  /** The product's name in the reader's language. */
  name: string;
  color: string;
  /** Light garments get dark guide lines, dark garments light ones. */
  dark: boolean;
  sides: readonly { id: PrintSide; label: string }[];
  side: PrintSide;
  onSideChange: (side: PrintSide) => void;
  prints: readonly PrintDraft[];
  /** A print moved: its key (PrintDraft.key) and where to. */
  onMove: (key: string, position: { x: number; y: number }) => void;
}

/**
 * The garment in the chosen colour with the prints of the side being previewed. Each print can be
 * dragged (mouse, pen, touch) or moved with the arrow keys, always within 10–90 % of the preview.
 */
export function DesignPreview(props: DesignPreviewProps) {
  const t = useT(customiserMessages);
  const box = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const area = props.product.rects[props.side];
  const visible = props.prints.filter((p) => p.upload && p.side === props.side);
  const elsewhere = props.prints.filter((p) => p.upload && p.side !== props.side);

  return (
    <div>
      {props.sides.length > 1 && (
        <div className="mb-3 flex items-center gap-3">
          <span className="text-sm font-medium text-slate-600" aria-hidden>
            {t.view}
          </span>
          <div role="group" aria-label={t.previewSide} className="inline-flex rounded-xl bg-slate-100 p-1">
            {props.sides.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={s.id === props.side}
                onClick={() => props.onSideChange(s.id)}
                className={cn(
                  'rounded-lg px-4 py-1.5 text-sm font-semibold transition',
                  s.id === props.side
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {s.label}
              </button>
            ))}
          </div>
        </div>
      )}
      <div
        ref={box}
        data-testid="design-preview"
        className="relative aspect-square w-full touch-pan-y select-none overflow-hidden rounded-3xl border border-slate-200 bg-gradient-to-b from-slate-50 to-slate-100"
      >
        <MockupView
          geometry={props.product}
          name={props.name}
          side={props.side}
          color={props.color}
          className="absolute inset-0 size-full"
        />
        <svg viewBox="0 0 400 400" className="pointer-events-none absolute inset-0 size-full" aria-hidden>
          <rect
            x={area.x}
            y={area.y}
            width={area.width}
            height={area.height}
            rx={4}
            fill="none"
            stroke={props.dark ? 'rgba(255,255,255,.55)' : 'rgba(15,23,42,.35)'}
            strokeWidth={1.5}
            strokeDasharray="6 5"
          />
        </svg>
        {visible.map((print) => (
          <DraggablePrint
            key={print.key}
            print={print}
            width={printWidthPercent(props.product, props.side, print.scale)}
            box={box}
            hintId={hintId}
            onMove={(position) => props.onMove(print.key, position)}
          />
        ))}
        {visible.length === 0 && (
          <p className="absolute inset-x-4 bottom-4 rounded-xl bg-white/90 px-3 py-2 text-center text-sm text-slate-700 shadow-sm">
            {elsewhere.length > 0
              ? t.noPrintHere({
                  side: props.side,
                  methods: [...new Set(elsewhere.map((p) => p.method))],
                  otherSide: elsewhere[0]?.side ?? 'front',
                })
              : t.uploadToSee}
          </p>
        )}
      </div>
      <p id={hintId} className="mt-3 flex items-start gap-2 text-sm text-slate-600">
        <Move className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t.dragHint}</span>
      </p>
    </div>
  );
}

function DraggablePrint(props: {
  print: PrintDraft;
  width: number;
  box: RefObject<HTMLDivElement | null>;
  hintId: string;
  onMove: (position: { x: number; y: number }) => void;
}) {
  const { print } = props;
  const drag = useRef<{ pointerId: number; startX: number; startY: number; x: number; y: number } | null>(
    null,
  );
  const [dragging, setDragging] = useState(false);
  const { locale } = useLocale();
  const label = customiserMessages[locale].printPosition({
    method: printMethodLabels[locale][print.method],
    x: Math.round(print.x),
    y: Math.round(print.y),
  });

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Pointer already gone (released before this handler ran): the drag simply ends at once.
    }
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      x: print.x,
      y: print.y,
    };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    const rect = props.box.current?.getBoundingClientRect();
    if (!start || start.pointerId !== event.pointerId || !rect || rect.width === 0) return;
    props.onMove({
      x: clampPosition(start.x + ((event.clientX - start.startX) / rect.width) * 100),
      y: clampPosition(start.y + ((event.clientY - start.startY) / rect.height) * 100),
    });
  };
  const endDrag = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nudge(print, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    props.onMove(next);
  };

  return (
    <button
      type="button"
      aria-label={label}
      aria-describedby={props.hintId}
      data-testid={`print-${print.key}`}
      data-x={print.x}
      data-y={print.y}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      style={{ left: `${print.x}%`, top: `${print.y}%`, width: `${props.width}%` }}
      className={cn(
        'absolute -translate-x-1/2 -translate-y-1/2 touch-none rounded-sm outline-offset-2',
        'outline-dashed outline-2 outline-transparent hover:outline-brand-500 focus-visible:outline-solid focus-visible:outline-brand-600',
        dragging ? 'cursor-grabbing outline-brand-600' : 'cursor-grab',
      )}
    >
      <img
        src={print.upload?.url}
        alt=""
        draggable={false}
        className="pointer-events-none block h-auto w-full select-none"
      />
    </button>
  );
}
