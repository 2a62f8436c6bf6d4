import { Suspense } from 'react';
import type { PrintSide } from '@/shared/catalogue';
import { GarmentMockup } from './garment-mockup';
import type { PrintGeometry } from './print-area';
import { PictureMockup } from './picture-mockup-lazy';

/**
 * The garment a design is drawn on: one of the shop's drawings, or the owner's mockup picture
 * tinted in the design's colour. Fills its box (`className`), a square like the drawings' viewBox.
 */
export function MockupView(props: {
  geometry: PrintGeometry;
  name: string;
  side: PrintSide;
  color: string;
  className?: string;
}) {
  const { geometry, ...rest } = props;
  if (geometry.picture)
    return (
      <Suspense fallback={null}>
        <PictureMockup image={geometry.picture} {...rest} />
      </Suspense>
    );
  if (!geometry.mockup) return null;
  return <GarmentMockup mockup={geometry.mockup} {...rest} />;
}
