import { ClipboardList, FileText, Mail, ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';

const steps = [
  { icon: ShoppingCart, title: 'Add products to your cart', text: 'Choose products and quantities. The bulk price updates as your quantity grows.' },
  {
    icon: ClipboardList,
    title: 'Fill in your details at checkout',
    text: 'Enter your contact, delivery and company information and place the order.',
  },
  { icon: FileText, title: 'Receive an invoice', text: 'You get an invoice with an order number straight away. Pay by bank transfer, 30 days net.' },
  {
    icon: Mail,
    title: 'Email your print files',
    text: 'Send your print files by email with the order number as the subject. Write any extra information and print preferences in the message and attach the print files.',
  },
];

export function HowItWorksPage() {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <title>How It Works — BulkPrint</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">How It Works</h1>
      <p className="mt-3 text-lg text-slate-600">From idea to printed merchandise in four steps.</p>
      <ol className="mt-10 space-y-6">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-5 rounded-2xl border border-slate-200 p-6 shadow-sm">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-800 text-lg font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <Icon className="size-5 text-brand-700" aria-hidden /> {title}
              </h2>
              <p className="mt-1 text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <aside className="mt-10 rounded-2xl bg-amber-50 p-6 text-amber-950 ring-1 ring-amber-200">
        <h2 className="font-semibold">About print files</h2>
        <p className="mt-2">
          Print files should be vector files (PDF, EPS, AI, SVG). Non-vector files (JPG, PNG and other raster formats) incur an
          extra fee of 100 kr for conversion.
        </p>
      </aside>
      <div className="mt-10 text-center">
        <Link href="/products" className="inline-flex rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Browse Products
        </Link>
      </div>
    </main>
  );
}
