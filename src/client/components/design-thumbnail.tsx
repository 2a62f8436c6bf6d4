import { colourHex } from '@/shared/catalogue';
import type { Customisation } from '@/shared/customisation';
import { uploadUrl } from '@/shared/uploads';
import { cn } from '@/client/lib/cn';
import { MockupView } from './mockup-view';
import type { MockupId, MockupPicture, PrintAreasCm } from '@/shared/print-areas';
import { printGeometry, printWidthPercent } from './print-area';

/**
 * A still picture of a saved design (cart line, order summary): the garment in its colour with the
 * prints of one side where the buyer placed them. Shows the side of the first print unless told.
 * The garment is drawn in a square centred in the box (the prints are placed in % of that square),
 * so the box may be wider than tall. Import it lazily: it carries the mockup drawings.
 */
export function DesignThumbnail(props: {
  /** The product as sold: its mockup and print areas, and its name in the reader's language. */
  product: {
    mockup?: MockupId | undefined;
    mockupPicture?: MockupPicture | undefined;
    printAreas?: PrintAreasCm | undefined;
    name: string;
  };
  customisation: Customisation;
  side?: 'front' | 'back' | 'side';
  className?: string;
}) {
  const { customisation } = props;
  const geometry = printGeometry(props.product);
  if (!geometry) return null;
  const side = props.side ?? customisation.prints[0]?.side ?? 'front';
  const color = colourHex(customisation.color) ?? '#ffffff';
  return (
    <div
      data-testid="design-thumbnail"
      className={cn(
        'flex justify-center overflow-hidden',
        props.className ?? 'aspect-square rounded-xl bg-slate-100',
      )}
    >
      <div className="relative aspect-square h-full max-w-full">
        <MockupView
          geometry={geometry}
          name={props.product.name}
          side={side}
          color={color}
          className="absolute inset-0 size-full"
        />
        {customisation.prints
          .filter((p) => p.side === side)
          .map((p) => (
            <img
              key={p.method}
              src={uploadUrl(p.uploadId)}
              alt=""
              loading="lazy"
              data-testid={`thumbnail-print-${p.method}`}
              className="absolute h-auto -translate-x-1/2 -translate-y-1/2"
              style={{
                left: `${p.x}%`,
                top: `${p.y}%`,
                width: `${printWidthPercent(geometry, side, p.scale)}%`,
              }}
            />
          ))}
      </div>
    </div>
  );
}
