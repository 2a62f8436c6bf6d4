import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Link } from 'wouter';
import { categories } from '@/shared/catalogue';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { useT } from '@/client/lib/i18n';
import { LanguageSwitch } from './language-switch';
import {
  allProductsLink,
  accountLink,
  cartLink,
  categoryHref,
  homeLink,
  howItWorksLink,
  orderLookupLink,
  partnerLink,
} from './nav-links';

const linkClass = 'block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';

/** Slide-in navigation for narrow screens. */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const t = useT(layoutMessages);
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-bold">{t.menu}</RadixDialog.Title>
            <RadixDialog.Close aria-label={t.closeMenu} className="rounded-lg p-2 hover:bg-slate-100">
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions -- delegated from the links: Enter on a link fires this click too */}
          <nav
            aria-label={t.mobileNav}
            className="mt-4"
            onClick={(event) => (event.target as HTMLElement).closest('a') && onClose()}
          >
            <Link href={homeLink.href} className={linkClass}>
              {t[homeLink.label]}
            </Link>
            <p className="px-3 pb-1 pt-4 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {t.products}
            </p>
            <Link href={allProductsLink.href} className={linkClass}>
              {t[allProductsLink.label]}
            </Link>
            {categories.map((c) => (
              <Link key={c.id} href={categoryHref(c.id)} className={linkClass}>
                {t[c.id]}
              </Link>
            ))}
            <div className="my-3 border-t border-slate-200" />
            {[howItWorksLink, partnerLink, accountLink, orderLookupLink, cartLink].map((link) => (
              <Link key={link.href} href={link.href} className={linkClass}>
                {t[link.label]}
              </Link>
            ))}
          </nav>
          <div className="mt-4 border-t border-slate-200 pt-4">
            <LanguageSwitch long className="w-full justify-start px-3 text-base" />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
