import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { CartProvider } from '@/client/state/cart/cart-context';
import { CurrencyProvider, useCurrency } from '@/client/state/currency-context';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { controlMessages } from '@/shared/i18n/messages/controls';
import { useT } from '@/client/lib/i18n';
import { useMediaQuery } from '@/client/lib/media-query';
import { Toaster, useToasterWanted } from '@/client/lib/notify';
import { DocumentTitle } from './document-title';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const CurrencyDialog = lazy(() =>
  import('@/client/features/currency/currency-dialog').then((m) => ({ default: m.CurrencyDialog })),
);

/** The currency dialog, loaded only when asked for (first visit, or the header's currency button). */
function CurrencyDialogWhenOpen() {
  const { dialogOpen, closeDialog, currency } = useCurrency();
  if (!dialogOpen) return null;
  return (
    <Suspense fallback={null}>
      <CurrencyDialog current={currency.code} onClose={closeDialog} />
    </Suspense>
  );
}

/** A new page starts at the top, as a full page load would. */
function ScrollToTop() {
  const [pathname] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The toasts' region, mounted once something is told (never in server HTML). Its own component:
 * the window's width read in the layout would make the whole layout render again, synchronously,
 * right after hydration (the server cannot know the width).
 */
function WantedToaster() {
  const controls = useT(controlMessages);
  // Sonner's own phone breakpoint: there a toast spans the width, so at the top it would cover the
  // page's title (and on the admin, its buttons); at the bottom it covers nothing the buyer needs.
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <Suspense fallback={null}>
      {/* Below the sticky 64 px header: a toast never covers the cart link or the menu. */}
      <Toaster
        position={phone ? 'bottom-center' : 'top-center'}
        offset={{ top: 76 }}
        mobileOffset={{ bottom: 16 }}
        richColors
        closeButton
        containerAriaLabel={controls.notifications}
        toastOptions={{ closeButtonAriaLabel: controls.closeNotification }}
      />
    </Suspense>
  );
}

export function RootLayout({ children }: { children: ReactNode }) {
  const t = useT(layoutMessages);
  // False on the server and while hydrating (useToasterWanted's server snapshot).
  const toasterWanted = useToasterWanted();
  return (
    <CurrencyProvider>
      <CartProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:shadow-lg"
        >
          {t.skipToContent}
        </a>
        <div className="flex min-h-dvh flex-col">
          <SiteHeader />
          <div className="flex-1">{children}</div>
          <SiteFooter />
        </div>
        {toasterWanted && <WantedToaster />}
        <CurrencyDialogWhenOpen />
        <ScrollToTop />
        <DocumentTitle />
      </CartProvider>
    </CurrencyProvider>
  );
}
