import { Mail, Phone } from 'lucide-react';
import { Link } from 'wouter';
import { categories } from '@/shared/catalogue';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { shopName } from '@/shared/shop';
import { useT } from '@/client/lib/i18n';
import { useShopContact } from '@/client/lib/shop-contact';
import { Logo } from './logo';
import {
  adminLink,
  categoryHref,
  howItWorksLink,
  orderLookupLink,
  partnerApplicationLink,
  privacyLink,
  termsLink,
} from './nav-links';

const footerLink = 'text-sm text-slate-300 hover:text-white';
const otherLinks = [
  howItWorksLink,
  orderLookupLink,
  partnerApplicationLink,
  termsLink,
  privacyLink,
  adminLink,
];

export function SiteFooter() {
  const t = useT(layoutMessages);
  const contact = useShopContact();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-300">{t.tagline}</p>
        </div>
        <nav aria-label={t.categoriesNav}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t.products}</h2>
          <ul className="mt-4 space-y-2">
            {categories.map((c) => (
              <li key={c.id}>
                <Link href={categoryHref(c.id)} className={footerLink}>
                  {t[c.id]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t.contact}</h2>
          {/* Min height: the details arrive from the server's settings without moving the page. */}
          <ul className="mt-4 min-h-14 space-y-2">
            {contact && (
              <>
                <li>
                  <a
                    href={`mailto:${contact.email}`}
                    className={`${footerLink} inline-flex items-center gap-2`}
                    data-testid="footer-email"
                  >
                    <Mail className="size-4" aria-hidden /> {contact.email}
                  </a>
                </li>
                <li>
                  <a
                    href={`tel:${contact.phone.replace(/\s/g, '')}`}
                    className={`${footerLink} inline-flex items-center gap-2`}
                  >
                    <Phone className="size-4" aria-hidden /> {contact.phone}
                  </a>
                </li>
              </>
            )}
          </ul>
        </div>
        <nav aria-label={t.otherLinks}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t.otherLinks}</h2>
          <ul className="mt-4 space-y-2">
            {otherLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={footerLink}>
                  {t[link.label]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          {t.copyright({ year: new Date().getFullYear(), seller: shopName })}
          {contact && (
            <span className="mt-1 block" data-testid="footer-seller">
              {t.seller(contact)}
            </span>
          )}
        </p>
      </div>
    </footer>
  );
}
