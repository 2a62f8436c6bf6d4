import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import type { Customisation } from '@/shared/customisation';
import type { Locale } from '@/shared/i18n/locale';
import { LocaleProvider } from '@/client/lib/i18n';
import { seedProduct } from '@/shared/catalogue-seed';
import { DesignThumbnail } from './design-thumbnail';

const render = (element: ReactNode, locale: Locale = 'en') =>
  renderToStaticMarkup(<LocaleProvider initial={locale}>{element}</LocaleProvider>);

const hoodie = { ...seedProduct('hoodie'), name: 'Hoodie' };
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
    const html = render(<DesignThumbnail product={hoodie} customisation={design} />);
    expect(html).toContain('fill="#1e2a4a"');
    expect(html).toContain('src="/api/uploads/frontImage123456"');
    expect(html).toContain('left:40%;top:30%');
    expect(html).not.toContain('backImage1234567');
    const back = render(<DesignThumbnail product={hoodie} customisation={design} side="back" />);
    expect(back).toContain('src="/api/uploads/backImage1234567"');
    expect(back).toContain('aria-label="Hoodie mockup, back view"');
    const swedish = render(
      <DesignThumbnail product={{ ...seedProduct('mossa'), name: 'Mössa' }} customisation={design} />,
      'sv',
    );
    expect(swedish).toContain('aria-label="Mössa sedd framifrån"');
  });

  it('draws a new product on the mockup its record names, with its own print area', () => {
    const polo = {
      name: 'Piké',
      mockup: 'tshirt' as const,
      printAreas: { front: { widthCm: 20, heightCm: 25 } },
    };
    const html = render(<DesignThumbnail product={polo} customisation={design} />, 'sv');
    expect(html).toContain('aria-label="Piké sedd framifrån"');
    // A 20 cm area on the T-shirt's 30 cm (120 units): 80 units; a 50 % print is 1.6 × 80 × 0.5
    // = 64 units of the 400 drawn (the hoodie's full 28 cm area gives 22 %).
    expect(html).toContain('width:16%');
  });

  it('draws nothing for products without a mockup', () => {
    expect(
      render(
        <DesignThumbnail
          product={{ ...seedProduct('kuponghäfte'), name: 'Kuponghäfte' }}
          customisation={design}
        />,
      ),
    ).toBe('');
  });
});
