import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadPage } from './app/app';
import { startCatalogue } from './lib/catalogue';
import { markServerRendered } from './lib/hydration';
import { documentLocale, LocaleProvider } from './lib/i18n';
import './styles.css';

await startCatalogue();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (
  <StrictMode>
    <LocaleProvider initial={documentLocale()}>
      <App />
    </LocaleProvider>
  </StrictMode>
);
// Public pages arrive rendered by the server (data-ssr): adopt that HTML instead of replacing it.
if (root.dataset.ssr === '1') {
  markServerRendered();
  await preloadPage(window.location.pathname);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
