import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Link } from 'wouter';
import { categories } from '../../../shared/catalogue';

const linkClass = 'block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';

/** Slide-in navigation for narrow screens. */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-bold">Menu</RadixDialog.Title>
            <RadixDialog.Close aria-label="Close menu" className="rounded-lg p-2 hover:bg-slate-100">
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Mobile" className="mt-4" onClick={(event) => (event.target as HTMLElement).closest('a') && onClose()}>
            <Link href="/" className={linkClass}>
              Home
            </Link>
            <p className="px-3 pb-1 pt-4 text-xs font-semibold uppercase tracking-wide text-slate-600">Products</p>
            <Link href="/products" className={linkClass}>
              All Products
            </Link>
            {categories.map((c) => (
              <Link key={c.id} href={`/products?category=${encodeURIComponent(c.id)}`} className={linkClass}>
                {c.label}
              </Link>
            ))}
            <div className="my-3 border-t border-slate-200" />
            <Link href="/how-it-works" className={linkClass}>
              How It Works
            </Link>
            <Link href="/partner" className={linkClass}>
              Become a Partner
            </Link>
            <Link href="/cart" className={linkClass}>
              Cart
            </Link>
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
