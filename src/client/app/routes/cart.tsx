/** Placeholder: built by its own issue. */
export function CartPage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <title>Cart — BulkPrint</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Cart</h1>
    </main>
  );
}
