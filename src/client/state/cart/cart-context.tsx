import { createContext, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useCatalogue } from '@/client/lib/catalogue';
import { applyBrowserState, startedFromServerHtml } from '@/client/lib/hydration';
import { readStoredJson, writeStored } from '@/client/lib/storage';
import {
  cartReducer,
  parseStoredCart,
  priceCart,
  type CartAction,
  type CartLine,
  type PricedCartLine,
} from './cart-model';
import type { Milli } from '@/shared/money';

export const CART_STORAGE_KEY = 'cart';

interface CartValue {
  lines: PricedCartLine[];
  /** Lines of products no longer on sale (hidden by the shop since they were added). */
  unavailable: CartLine[];
  total: Milli;
  /** Total quantity of all lines: the header badge. */
  count: number;
  dispatch: (action: CartAction) => void;
}

const CartContext = createContext<CartValue | null>(null);

function loadCart(): CartLine[] {
  return parseStoredCart(readStoredJson(CART_STORAGE_KEY));
}

export function CartProvider({ children }: { children: ReactNode }) {
  // Server HTML shows an empty cart; the stored one is read once hydration has adopted it.
  const [lines, dispatch] = useReducer(cartReducer, undefined, () =>
    startedFromServerHtml() ? [] : loadCart(),
  );
  const loaded = useRef(!startedFromServerHtml());

  // Declared before the load below: on the first commit it must not write the empty cart back.
  useEffect(() => {
    if (loaded.current) writeStored(CART_STORAGE_KEY, JSON.stringify(lines));
  }, [lines]);

  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    const stored = loadCart();
    applyBrowserState(() => dispatch({ type: 'replace', lines: stored }));
  }, []);

  // Another tab changed the cart: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      dispatch({ type: 'replace', lines: loadCart() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Priced from the catalogue as it is now: a price the shop changed shows at once (the cart page
  // fetches the current catalogue when it opens).
  const products = useCatalogue();
  const value = useMemo<CartValue>(() => {
    const byId = new Map(products.map((p) => [p.id, p]));
    return { ...priceCart(lines, (id) => byId.get(id)), dispatch };
  }, [lines, products]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
