import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { readStoredJson, writeStored } from '../../lib/storage';
import { cartReducer, parseStoredCart, priceCart, type CartAction, type CartLine, type PricedCartLine } from './cart-model';
import type { Milli } from '../../../shared/money';

export const CART_STORAGE_KEY = 'cart';

interface CartValue {
  lines: PricedCartLine[];
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
  const [lines, dispatch] = useReducer(cartReducer, undefined, loadCart);

  useEffect(() => {
    writeStored(CART_STORAGE_KEY, JSON.stringify(lines));
  }, [lines]);

  // Another tab changed the cart: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      dispatch({ type: 'replace', lines: loadCart() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<CartValue>(() => ({ ...priceCart(lines), dispatch }), [lines]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
