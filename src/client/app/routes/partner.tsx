/** Placeholder: built by its own issue. */
export function PartnerPage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <title>Become a Partner — BulkPrint</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Become a Partner</h1>
    </main>
  );
}
