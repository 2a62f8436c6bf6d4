import type { PrintSide } from '@/shared/catalogue';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { productPictureUrl, uploadedPictureId } from '@/shared/product-images';
import { cn } from '@/client/lib/cn';
import { useLocale } from '@/client/lib/i18n';

/**
 * The owner's mockup picture (`picture:<upload id>`), contained in its square box, tinted in the
 * design's colour: the colour multiplied over the picture where the picture is opaque (a garment
 * photographed or drawn in white on a transparent background takes any colour, as the drawings do;
 * white leaves it as it is). Loaded lazily by MockupView.
 */
export default function PictureMockup(props: {
  image: string;
  name: string;
  side: PrintSide;
  color: string;
  className?: string;
}) {
  const { locale } = useLocale();
  const id = uploadedPictureId(props.image);
  if (id === undefined) return null;
  const url = productPictureUrl(id);
  const label = customiserMessages[locale].mockupLabel({ product: props.name, side: props.side });
  const mask = {
    maskImage: `url("${url}")`,
    maskSize: 'contain',
    maskRepeat: 'no-repeat',
    maskPosition: 'center',
  } as const;
  return (
    <div
      role="img"
      aria-label={label}
      className={cn('overflow-hidden', props.className)}
      data-testid="picture-mockup"
    >
      <img src={url} alt="" draggable={false} className="absolute inset-0 size-full object-contain" />
      <div
        aria-hidden
        data-testid="picture-mockup-tint"
        data-colour={props.color}
        className="absolute inset-0 mix-blend-multiply"
        style={{ backgroundColor: props.color, ...mask }}
      />
    </div>
  );
}
