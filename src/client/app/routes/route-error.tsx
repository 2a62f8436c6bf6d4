import { buttonClass } from '@/client/components/ui/button';

/** Shown when a page fails to load or render. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      {detail && <p className="mt-3 text-slate-600">{detail}</p>}
      <a href="/" className={buttonClass({ className: 'mt-6' })}>
        Return to Home
      </a>
    </main>
  );
}
