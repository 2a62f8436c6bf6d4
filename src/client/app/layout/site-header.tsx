import { ChevronDown, Menu, Search, ShoppingCart, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { categories } from '@/shared/catalogue';
import { useCart } from '@/client/state/cart/cart-context';
import { CurrencySelect } from '@/client/features/currency/currency-select';
import { cn } from '@/client/lib/cn';
import { formatCount } from '@/shared/money-format';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { useT } from '@/client/lib/i18n';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { accountLink, categoryHref, homeLink, howItWorksLink, partnerLink } from './nav-links';

const SearchDialog = lazy(() =>
  import('@/client/features/search/search-dialog').then((m) => ({ default: m.SearchDialog })),
);
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

const navLink = (isActive: boolean) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-slate-900',
    isActive ? 'text-brand-700' : 'text-slate-700',
  );

/**
 * The Products dropdown: a disclosure button (hover or click; Escape, a click outside or moving
 * focus away closes it). Hand-written rather than Radix NavigationMenu, which alone put ~9 KB of
 * gzip into every page's first load (see `npm run bench`).
 */
function ProductsMenu() {
  const t = useT(layoutMessages);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- hover opening is a pointer nicety; the button opens it by keyboard
    <div
      ref={root}
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="products-menu"
        // A pointer already opened it on hover: a click keeps it open. Keys (detail 0) toggle it.
        onClick={(event) => setOpen((value) => (event.detail === 0 ? !value : true))}
        className={cn(
          'group flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          open && 'bg-slate-100',
        )}
      >
        {t.products}
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {/* pt-2 bridges the gap to the button, so the pointer can travel into the panel. */}
      <div id="products-menu" hidden={!open} className="absolute left-0 top-full z-50 w-64 pt-2">
        <ul className="rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                href={categoryHref(category.id)}
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-800"
              >
                {t[category.id]}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function SiteHeader() {
  const { count } = useCart();
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const t = useT(layoutMessages);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link href="/" aria-label={t.homeLink} className="mr-2 rounded-lg">
          <Logo narrowIcon />
        </Link>

        <nav aria-label={t.mainNav} className="relative hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <Link href={homeLink.href} className={navLink}>
                {t[homeLink.label]}
              </Link>
            </li>
            <li>
              <ProductsMenu />
            </li>
            {[howItWorksLink, partnerLink].map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={navLink}>
                  {t[link.label]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* On phones the switch sits in the menu: the header row has no room for it. */}
          <LanguageSwitch className="hidden sm:flex" />
          <CurrencySelect />
          <button
            type="button"
            onClick={() => setSearchOpen(true)}
            aria-label={t.searchProducts}
            className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            <Search className="size-5" aria-hidden />
          </button>
          <Link
            href={accountLink.href}
            className="hidden h-10 min-w-10 items-center justify-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:flex"
          >
            <UserRound className="size-5" aria-hidden />
            {/* The words on wide screens, the icon with the same name below; on phones the link is in
                the menu (the header row has no room for it, as for the language switch). */}
            <span className="sr-only xl:not-sr-only">{t[accountLink.label]}</span>
          </Link>
          <Link
            href="/cart"
            aria-label={count > 0 ? t.cartWithItems({ count }) : t.cart}
            className="relative flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            <ShoppingCart className="size-5" aria-hidden />
            {count > 0 && (
              <span
                data-testid="cart-badge"
                className="absolute -right-1 -top-1 min-w-5 rounded-full bg-accent-500 px-1.5 text-center text-xs font-bold leading-5 text-slate-950"
              >
                {count > 99999 ? '99k+' : formatCount(count)}
              </span>
            )}
          </Link>
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label={t.openMenu}
            className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <Menu className="size-6" aria-hidden />
          </button>
        </div>
      </div>
      <Suspense fallback={null}>
        {searchOpen && <SearchDialog onClose={() => setSearchOpen(false)} />}
        {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)} />}
      </Suspense>
    </header>
  );
}
