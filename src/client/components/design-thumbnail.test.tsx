import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import type { Customisation } from '@/shared/customisation';
import type { Locale } from '@/shared/i18n/locale';
import { LocaleProvider } from '@/client/lib/i18n';
import { DesignThumbnail } from './design-thumbnail';

const render = (element: ReactNode, locale: Locale = 'en') =>
  renderToStaticMarkup(<LocaleProvider initial={locale}>{element}</LocaleProvider>);

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
    const html = render(<DesignThumbnail productId="hoodie" customisation={design} />);
    expect(html).toContain('fill="#1e2a4a"');
    expect(html).toContain('src="/api/uploads/frontImage123456"');
    expect(html).toContain('left:40%;top:30%');
    expect(html).not.toContain('backImage1234567');
    const back = render(<DesignThumbnail productId="hoodie" customisation={design} side="back" />);
    expect(back).toContain('src="/api/uploads/backImage1234567"');
    expect(back).toContain('aria-label="Hoodie mockup, back view"');
    const swedish = render(<DesignThumbnail productId="mossa" customisation={design} />, 'sv');
    expect(swedish).toContain('aria-label="Mössa sedd framifrån"');
  });

  it('draws nothing for products without a mockup', () => {
    expect(render(<DesignThumbnail productId="kuponghäfte" customisation={design} />)).toBe('');
  });
});
