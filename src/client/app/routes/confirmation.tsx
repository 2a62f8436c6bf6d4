/** Placeholder: built by its own issue. */
export function ConfirmationPage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <title>Order confirmation — BulkPrint</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Order confirmation</h1>
    </main>
  );
}
