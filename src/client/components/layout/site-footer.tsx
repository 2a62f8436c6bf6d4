import { Mail, Phone } from 'lucide-react';
import { Link } from 'wouter';
import { categories } from '../../../shared/catalogue';
import { shopContact, shopTagline } from '../../../shared/shop';
import { Logo } from './logo';

const footerLink = 'text-sm text-slate-300 hover:text-white';

export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-300">{shopTagline}</p>
        </div>
        <nav aria-label="Categories">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Products</h2>
          <ul className="mt-4 space-y-2">
            {categories.map((c) => (
              <li key={c.id}>
                <Link href={`/products?category=${encodeURIComponent(c.id)}`} className={footerLink}>
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <a href={`mailto:${shopContact.email}`} className={`${footerLink} inline-flex items-center gap-2`}>
                <Mail className="size-4" aria-hidden /> {shopContact.email}
              </a>
            </li>
            <li>
              <a href={`tel:${shopContact.phone.replace(/\s/g, '')}`} className={`${footerLink} inline-flex items-center gap-2`}>
                <Phone className="size-4" aria-hidden /> {shopContact.phone}
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="Other links">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Other links</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link href="/how-it-works" className={footerLink}>
                How It Works
              </Link>
            </li>
            <li>
              <Link href="/partner-application" className={footerLink}>
                Become a Partner
              </Link>
            </li>
            <li>
              <Link href="/admin-login" className={footerLink}>
                Admin
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} BulkPrint. All prices include 25 % VAT. Payment by invoice, 30 days net.
        </p>
      </div>
    </footer>
  );
}
