import { startTransition, StrictMode } from 'react';
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
  // A task of its own for loading the page's chunks (Vite adds a preload link per chunk): after
  // the first load's evaluation in one task they made one long task (docs/performance.md).
  await new Promise((resolve) => setTimeout(resolve, 0));
  await preloadPage(window.location.pathname);
  // As a transition React hydrates in slices of a few milliseconds and lets the browser handle
  // input between them: one long task before (the hoodie's customiser: most of the page's total
  // blocking time in Lighthouse, docs/performance.md).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  const created = createRoot(root);
  startTransition(() => created.render(app));
}
