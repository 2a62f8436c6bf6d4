import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Customisation } from '@/shared/customisation';
import { DesignThumbnail } from './design-thumbnail';

const design: Customisation = {
  color: 'navy',
  prints: [
    { method: 'dtg', uploadId: 'frontImage123456', side: 'front', x: 40, y: 30, scale: 0.5 },
    { method: 'screen', uploadId: 'backImage1234567', side: 'back', x: 50, y: 60, scale: 0.3 },
  ],
  additionalInfo: '',
};

describe('DesignThumbnail', () => {
  it('draws the garment in its colour with the prints of one side where they were placed', () => {
    const html = renderToStaticMarkup(<DesignThumbnail productId="hoodie" customisation={design} />);
    expect(html).toContain('fill="#1e2a4a"');
    expect(html).toContain('src="/api/uploads/frontImage123456"');
    expect(html).toContain('left:40%;top:30%');
    expect(html).not.toContain('backImage1234567');
    const back = renderToStaticMarkup(
      <DesignThumbnail productId="hoodie" customisation={design} side="back" />,
    );
    expect(back).toContain('src="/api/uploads/backImage1234567"');
    expect(back).toContain('back view');
  });

  it('draws nothing for products without a mockup', () => {
    expect(renderToStaticMarkup(<DesignThumbnail productId="kuponghäfte" customisation={design} />)).toBe('');
  });
});
