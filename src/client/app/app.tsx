import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { RootLayout } from '@/client/app/layout/root-layout';
import { lazyPage } from '@/client/lib/lazy-page';
import { markPageHydrated } from '@/client/lib/hydration';
import { ErrorBoundary } from './error-boundary';
import { HomePage } from './routes/home';
import { isKnownPage } from '@/shared/routes';
import { trimTrailing } from '@/shared/trim-trailing';

// Each page but Home is its own chunk: no route loads another route's code.
const HowItWorksPage = lazyPage(() => import('./routes/how-it-works').then((m) => m.HowItWorksPage));
const ProductsPage = lazyPage(() => import('./routes/products').then((m) => m.ProductsPage));
const ProductPage = lazyPage(() => import('./routes/product').then((m) => m.ProductPage));
const CartPage = lazyPage(() => import('./routes/cart').then((m) => m.CartPage));
const ConfirmationPage = lazyPage(() => import('./routes/confirmation').then((m) => m.ConfirmationPage));
const OrderPage = lazyPage(() => import('./routes/order').then((m) => m.OrderPage));
const QuotePage = lazyPage(() => import('./routes/quote').then((m) => m.QuotePage));
const AccountPage = lazyPage(() => import('./routes/account').then((m) => m.AccountPage));
const StartGroupPage = lazyPage(() => import('./routes/group').then((m) => m.StartGroupPage));
const GroupMemberPage = lazyPage(() => import('./routes/group').then((m) => m.GroupMemberPage));
const GroupOrganiserPage = lazyPage(() => import('./routes/group').then((m) => m.GroupOrganiserPage));
const OrderLookupPage = lazyPage(() => import('./routes/order-lookup').then((m) => m.OrderLookupPage));
const TermsPage = lazyPage(() => import('./routes/legal').then((m) => m.TermsPage));
const PrivacyPage = lazyPage(() => import('./routes/legal').then((m) => m.PrivacyPage));
const PartnerPage = lazyPage(() => import('./routes/partner').then((m) => m.PartnerPage));
const AdminLoginPage = lazyPage(() => import('./routes/admin-login').then((m) => m.AdminLoginPage));
const AdminPage = lazyPage(() => import('./routes/admin').then((m) => m.AdminPage));
const NotFoundPage = lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundPage));

function PageLoading() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

/** Loads the chunk(s) of the page at `pathname`, so server HTML hydrates without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  // What <Pages> renders for a path the server answers 404 (see there).
  if (!isKnownPage(pathname)) return NotFoundPage.preload();
  const path = pathname.length > 1 ? trimTrailing(pathname, '/') : pathname;
  if (path === '/') return;
  if (path === '/how-it-works') return HowItWorksPage.preload();
  if (path === '/products') return ProductsPage.preload();
  if (path === '/partner' || path === '/partner-application') return PartnerPage.preload();
  if (path === '/terms') return TermsPage.preload();
  if (path.startsWith('/quotes/')) return QuotePage.preload();
  if (path === '/privacy') return PrivacyPage.preload();
  if (path === '/cart') return CartPage.preload();
  // The server renders its sign-in form for a browser without a session (src/server/spa/serve.ts).
  if (path === '/account') return AccountPage.preload();
  if (path.startsWith('/products/')) {
    await ProductPage.preload();
    const { preloadProductPage } = await import('./routes/product');
    return preloadProductPage(path);
  }
  return NotFoundPage.preload();
}

/**
 * The page for the current path. A path the server answers 404 for (src/shared/routes.ts: a
 * mistyped order number, /PRODUCTS, /admin/x) shows the 404 page here too, though the router's
 * looser matching (case-insensitive, any `:number`) would pick another page: server HTML and the
 * hydrating browser then render the same page, already preloaded, and nothing suspends (a
 * suspended page in server HTML is React's error #419 and a page rendered twice).
 */
function Pages() {
  const [pathname] = useLocation();
  // Runs once the page's Suspense boundary has hydrated: pages rendered later start hydrated.
  useEffect(markPageHydrated, []);
  if (!isKnownPage(pathname)) return <NotFoundPage />;
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/how-it-works" component={HowItWorksPage} />
      <Route path="/products" component={ProductsPage} />
      <Route path="/products/:id" component={ProductPage} />
      <Route path="/cart" component={CartPage} />
      <Route path="/confirmation" component={ConfirmationPage} />
      <Route path="/orders" component={OrderLookupPage} />
      <Route path="/account" component={AccountPage} />
      <Route path="/orders/:number" component={OrderPage} />
      <Route path="/quotes/:number" component={QuotePage} />
      <Route path="/group/new" component={StartGroupPage} />
      <Route path="/group/:id/organise" component={GroupOrganiserPage} />
      <Route path="/group/:id" component={GroupMemberPage} />
      <Route path="/terms" component={TermsPage} />
      <Route path="/privacy" component={PrivacyPage} />
      <Route path="/partner" component={PartnerPage} />
      <Route path="/partner-application" component={PartnerPage} />
      <Route path="/admin-login" component={AdminLoginPage} />
      <Route path="/admin" component={AdminPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** The route table mirrors src/shared/routes.ts, which the server uses to answer 200 or 404. */
export function App() {
  // Marks the document once React has taken over the page (hydrated or rendered): until then a
  // server-rendered form is only HTML. Browser tests wait for it before they type or pick files.
  // An effect rather than a component, so the tree (and useId's ids) matches the server's.
  useEffect(() => document.documentElement.setAttribute('data-ready', ''), []);
  return (
    <RootLayout>
      <ErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Pages />
        </Suspense>
      </ErrorBoundary>
    </RootLayout>
  );
}
