/**
 * The owner's own mockup for a customisable product: upload the garment's picture (the product
 * picture path and its limits), then per side offered drag a rectangle on it where the print may go.
 * The rectangles are kept in the 400-unit square the customiser shows the picture in (contained),
 * their real size is the side's print area in cm typed above (print-areas.ts `MockupPicture`).
 */
import { useRef, useState, type PointerEvent } from 'react';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { MOCKUP_SIZE, type PrintRect } from '@/shared/print-areas';
import { printSideIds, printSideLabels, type PrintSide } from '@/shared/print-options';
import { productPictureUrl, uploadedPictureId } from '@/shared/product-images';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';
import { PictureUpload } from './picture-upload';
import type { Draft } from '@/client/features/admin/catalogue/catalogue-draft';

/** A point of the pointer in the square's units, kept on the picture. */
function squarePoint(event: PointerEvent<SVGSVGElement>): { x: number; y: number } {
  const box = event.currentTarget.getBoundingClientRect();
  const clamp = (n: number) => Math.min(MOCKUP_SIZE, Math.max(0, n));
  return {
    x: clamp(((event.clientX - box.left) / box.width) * MOCKUP_SIZE),
    y: clamp(((event.clientY - box.top) / box.height) * MOCKUP_SIZE),
  };
}

const rectBetween = (a: { x: number; y: number }, b: { x: number; y: number }): PrintRect => ({
  x: Math.min(a.x, b.x),
  y: Math.min(a.y, b.y),
  width: Math.abs(a.x - b.x),
  height: Math.abs(a.y - b.y),
});

export function MockupPictureEditor(props: {
  id: string;
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  errors: Record<string, string>;
}) {
  const { draft, set, errors } = props;
  const t = useT(catalogueAdminMessages);
  const { locale } = useLocale();
  const sides = printSideIds.filter((side) => draft.areas[side].on);
  const [chosen, setChosen] = useState<PrintSide>(sides[0] ?? 'front');
  const side = sides.includes(chosen) ? chosen : (sides[0] ?? 'front');
  const picture = draft.mockupPicture;
  const setRect = (rect: PrintRect) =>
    set({ mockupPicture: { ...picture, rects: { ...picture.rects, [side]: rect } } });
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3" data-testid="mockup-picture-editor">
      <p className="text-sm text-slate-600">{t.ownMockupHint}</p>
      <MockupUpload
        image={picture.image}
        onUploaded={(image) => set({ mockupPicture: { ...picture, image } })}
        error={errors['mockupPicture.image'] ?? errors.mockupPicture}
      />
      {picture.image && sides.length > 0 && (
        <>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">{t.drawAreaFor}</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {sides.map((s) => (
                <label key={s} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${props.id}-draw-side`}
                    checked={s === side}
                    onChange={() => setChosen(s)}
                  />
                  {printSideLabels[locale][s]}
                </label>
              ))}
            </div>
          </fieldset>
          <DrawingBoard image={picture.image} rects={picture.rects} side={side} onDrawn={setRect} />
        </>
      )}
      <SideStatus sides={sides} rects={picture.rects} errors={errors} />
    </div>
  );
}

function MockupUpload(props: {
  image: string;
  onUploaded: (image: string) => void;
  error?: string | undefined;
}) {
  const t = useT(catalogueAdminMessages);
  return (
    <div>
      <PictureUpload
        label={t.ownMockupUpload}
        testId="mockup-picture-input"
        onUploaded={props.onUploaded}
        error={props.error}
      />
    </div>
  );
}

/** The picture in its square with every side's rectangle; dragging draws the chosen side's. */
function DrawingBoard(props: {
  image: string;
  rects: Partial<Record<PrintSide, PrintRect>>;
  side: PrintSide;
  onDrawn: (rect: PrintRect) => void;
}) {
  const t = useT(catalogueAdminMessages);
  const { locale } = useLocale();
  const start = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const [drawing, setDrawing] = useState<PrintRect | undefined>();
  const id = uploadedPictureId(props.image);
  const onDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { pointerId: event.pointerId, ...squarePoint(event) };
  };
  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    setDrawing(rectBetween(start.current, squarePoint(event)));
  };
  const onUp = (event: PointerEvent<SVGSVGElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const rect = rectBetween(start.current, squarePoint(event));
    start.current = null;
    setDrawing(undefined);
    if (rect.width > 1 && rect.height > 1) props.onDrawn(rect);
  };
  return (
    <div>
      <p className="text-sm text-slate-600">{t.drawAreaHelp}</p>
      <div className="relative mt-2 aspect-square w-full max-w-sm overflow-hidden rounded-lg border border-slate-300 bg-white">
        {id !== undefined && (
          <img src={productPictureUrl(id)} alt="" className="absolute inset-0 size-full object-contain" />
        )}
        <svg
          viewBox={`0 0 ${MOCKUP_SIZE} ${MOCKUP_SIZE}`}
          data-testid="mockup-drawing-board"
          aria-label={`${t.drawAreaFor} ${printSideLabels[locale][props.side]}`}
          role="img"
          className="absolute inset-0 size-full cursor-crosshair touch-none"
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
        >
          {printSideIds.map((s) => {
            const rect = s === props.side && drawing ? drawing : props.rects[s];
            if (!rect) return null;
            const current = s === props.side;
            return (
              <g key={s} data-testid={`mockup-rect-${s}`}>
                <rect
                  {...rect}
                  fill={current ? 'rgba(37,99,235,.15)' : 'none'}
                  stroke={current ? '#1d4ed8' : '#64748b'}
                  strokeWidth={2}
                  strokeDasharray="6 4"
                />
                <text x={rect.x + 4} y={rect.y + 16} fontSize={14} fill={current ? '#1d4ed8' : '#475569'}>
                  {printSideLabels[locale][s]}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </div>
  );
}

/** Per side offered: drawn or not (announced), and the server's word on its rectangle. */
function SideStatus(props: {
  sides: readonly PrintSide[];
  rects: Partial<Record<PrintSide, PrintRect>>;
  errors: Record<string, string>;
}) {
  const t = useT(catalogueAdminMessages);
  const { locale } = useLocale();
  return (
    <ul className="space-y-1 text-sm" aria-live="polite">
      {props.sides.map((s) => {
        // "Draw this side's area" is answered once it is drawn; any other word stands until saved.
        const said = props.errors[`mockupPicture.rects.${s}`];
        const error = props.rects[s] && said === t.sideNeedsRect ? undefined : said;
        const name = printSideLabels[locale][s];
        return (
          <li
            key={s}
            data-testid={`mockup-side-status-${s}`}
            className={cn(error ? 'text-red-700' : 'text-slate-700')}
          >
            {props.rects[s] ? t.areaDrawn({ side: name }) : t.areaNotDrawn({ side: name })}
            {error && <span className="block font-medium">{error}</span>}
          </li>
        );
      })}
    </ul>
  );
}
