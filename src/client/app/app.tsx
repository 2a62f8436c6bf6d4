import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { RootLayout } from '../components/layout/root-layout';
import { ErrorBoundary } from './error-boundary';
import { HomePage } from './routes/home';

// Each page but Home is its own chunk: no route loads another route's code.
const HowItWorksPage = lazy(() => import('./routes/how-it-works').then((m) => ({ default: m.HowItWorksPage })));
const ProductsPage = lazy(() => import('./routes/products').then((m) => ({ default: m.ProductsPage })));
const ProductPage = lazy(() => import('./routes/product').then((m) => ({ default: m.ProductPage })));
const CartPage = lazy(() => import('./routes/cart').then((m) => ({ default: m.CartPage })));
const ConfirmationPage = lazy(() => import('./routes/confirmation').then((m) => ({ default: m.ConfirmationPage })));
const PartnerPage = lazy(() => import('./routes/partner').then((m) => ({ default: m.PartnerPage })));
const AdminLoginPage = lazy(() => import('./routes/admin-login').then((m) => ({ default: m.AdminLoginPage })));
const AdminPage = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminPage })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));

function PageLoading() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

/** The route table mirrors src/shared/routes.ts, which the server uses to answer 200 or 404. */
export function App() {
  return (
    <RootLayout>
      <ErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/how-it-works" component={HowItWorksPage} />
            <Route path="/products" component={ProductsPage} />
            <Route path="/products/:id" component={ProductPage} />
            <Route path="/cart" component={CartPage} />
            <Route path="/confirmation" component={ConfirmationPage} />
            <Route path="/partner" component={PartnerPage} />
            <Route path="/partner-application" component={PartnerPage} />
            <Route path="/admin-login" component={AdminLoginPage} />
            <Route path="/admin" component={AdminPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </RootLayout>
  );
}
