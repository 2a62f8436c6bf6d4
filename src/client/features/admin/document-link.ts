/** A link to an order's document (invoice HTML, PDF, e-invoice) in the admin, drawn as a button. */
export const documentLinkClass =
  'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50';
