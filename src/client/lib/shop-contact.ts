import { useEffect, useState } from 'react';
import { shopContactPath, type ShopContact } from '@/shared/shop';
import { apiFetch } from './api';

let request: Promise<ShopContact> | undefined;

/** The seller's contact details from the server's settings (fetched once per page load). */
export function loadShopContact(): Promise<ShopContact> {
  request ??= apiFetch<ShopContact>(shopContactPath).catch((error: unknown) => {
    request = undefined;
    throw error;
  });
  return request;
}

/** Undefined until the server answered (or when it could not be reached). */
export function useShopContact(): ShopContact | undefined {
  const [contact, setContact] = useState<ShopContact>();
  useEffect(() => {
    let live = true;
    loadShopContact().then(
      (value) => live && setContact(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return contact;
}
