import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { notFoundMessages } from '@/shared/i18n/messages/not-found';
import { useT } from '@/client/lib/i18n';
import { buttonClass } from '@/client/components/ui/button';

export function NotFoundPage() {
  const [pathname] = useLocation();
  const t = useT(notFoundMessages);
  // Direct loads are logged by the server; in-app navigation to a dead link is reported here.
  useEffect(() => {
    void fetch('/api/not-found', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: pathname }),
    }).catch(() => undefined);
  }, [pathname]);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <p className="text-7xl font-black tracking-tight text-brand-800">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t.heading}</h1>
      <p className="mt-2 text-slate-600">{t.text}</p>
      <Link href="/" className={buttonClass({ className: 'mt-8' })}>
        {t.home}
      </Link>
    </main>
  );
}
