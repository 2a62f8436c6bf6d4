import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useLocale } from '@/client/lib/i18n';
import { pageTitle } from '@/client/app/page-title';

/** Keeps `document.title` in step with the page and the language (the server wrote the first one). */
export function DocumentTitle() {
  const [pathname] = useLocation();
  const search = useSearch();
  const { locale } = useLocale();
  useEffect(() => {
    document.title = pageTitle(pathname, search, locale);
  }, [pathname, search, locale]);
  return null;
}
