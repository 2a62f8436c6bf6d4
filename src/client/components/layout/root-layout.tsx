import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { CartProvider } from '../../features/cart/cart-context';
import { CurrencyProvider } from '../../features/currency/currency-context';
import { Toaster } from '../../lib/notify';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** A new page starts at the top, as a full page load would. */
function ScrollToTop() {
  const [pathname] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <CurrencyProvider>
      <CartProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:shadow-lg"
        >
          Skip to content
        </a>
        <div className="flex min-h-dvh flex-col">
          <SiteHeader />
          <div className="flex-1">{children}</div>
          <SiteFooter />
        </div>
        <Suspense fallback={null}>
          {/* Below the sticky 64 px header: a toast never covers the cart link or the menu. */}
          <Toaster
            position="top-center"
            offset={{ top: 76 }}
            mobileOffset={{ top: 72 }}
            richColors
            closeButton
          />
        </Suspense>
        <ScrollToTop />
      </CartProvider>
    </CurrencyProvider>
  );
}
