import { lazyPage } from '@/client/lib/lazy-page';

/**
 * The owner's mockup picture in its own chunk: only a product designed on one loads it. Preloaded
 * with such a product's page (routes/product.tsx), so the server's HTML and hydration agree.
 */
export const PictureMockup = lazyPage(() => import('./picture-mockup').then((m) => m.default));
