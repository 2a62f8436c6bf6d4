import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';

export function NotFoundPage() {
  const [pathname] = useLocation();
  // Direct loads are logged by the server; in-app navigation to a dead link is reported here.
  useEffect(() => {
    void fetch('/api/not-found', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: pathname }),
    }).catch(() => undefined);
  }, [pathname]);
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <title>Page not found — BulkPrint</title>
      <p className="text-7xl font-black tracking-tight text-brand-800">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className="mt-8 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Return to Home
      </Link>
    </main>
  );
}
