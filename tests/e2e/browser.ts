import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../helpers/chromium';
import { startServer, type TestServer, type TestServerOptions } from '../helpers/server';

export const clientDir = resolve('dist/e2e-client');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

export interface Shop {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

/** A real server on its own database serving the built SPA, and a system Chromium. */
export async function startShop(options: TestServerOptions = {}): Promise<Shop> {
  const [server, browser] = await Promise.all([startServer({ clientDir, ...options }), launchBrowser()]);
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export interface PageOptions {
  width?: number;
  /** Mark the currency dialog as already seen (most tests are not about it). */
  skipCurrencyDialog?: boolean;
  /** The browser's language (and Accept-Language). English unless a test is about Swedish. */
  locale?: string;
  /** The browser's time zone (IANA name); default the machine's. */
  timezoneId?: string;
  /** A phone: touch input and a mobile viewport meta. */
  touch?: boolean;
  /** Console errors the test provokes on purpose (a 401 before logging in, a reset upload). */
  expectedErrors?: RegExp;
}

/**
 * Makes `page.goto` wait until React has taken over the page (`data-ready`), so a test types into
 * a live form rather than into server HTML that hydration has not adopted yet.
 */
function gotoWaitsForApp(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    return response;
  };
}

/** Chromium's console line for a 4xx answer to a fetch or a resource. */
const refusedByServer = /the server responded with a status of 4\d\d\b/;

/**
 * A fresh browser context (own storage) for the running test. When the test finishes, however it
 * ends, the context is closed and the test fails if the page threw, logged a console error (a 4xx
 * answer aside) or broke the CSP, beyond `expectedErrors`: no test has to remember either.
 */
export async function openPage(
  shop: Shop,
  options: PageOptions = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await shop.browser.newContext({
    baseURL: shop.server.url,
    viewport: { width: options.width ?? 1280, height: options.touch ? 844 : 900 },
    locale: options.locale ?? 'en-GB',
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (options.skipCurrencyDialog ?? true) {
    await context.addInitScript(() => window.localStorage.setItem('visited', '1'));
  }
  // A CSP violation is a bug even when the page recovers from it: report it as a console error.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const page = await context.newPage();
  gotoWaitsForApp(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A 404 document is expected on the not-found page; anything else red is a bug.
    if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
  });
  onTestFinished(async () => {
    await context.close();
    // A 4xx answer is the server refusing input as designed (the page shows why); tests that
    // provoke none still assert `errors` is empty. Page errors, CSP violations, 5xx and failed
    // requests always fail the test.
    const unexpected = errors.filter(
      (error) => !options.expectedErrors?.test(error) && !refusedByServer.test(error),
    );
    if (unexpected.length > 0) throw new Error(`browser errors:\n${unexpected.join('\n')}`);
  });
  return { page, context, errors };
}

/**
 * Waits until the page's running CSS animations and transitions have finished (entrance effects,
 * toasts sliding in), so what a test measures is what a visitor sees once things stand still.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first: a transition started by this frame's style change is listed only after it.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Endless ones (a spinner) never finish: only those with an end are waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Text with Swedish number spacing (no-break spaces) made plain, for readable expectations. */
export function plain(text: string | null): string {
  return (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
}

/** Ticks "I accept the terms of purchase" at checkout (in either language). */
export async function acceptTerms(page: Page): Promise<void> {
  await page
    .getByLabel(/I have read and accept the terms of purchase|Jag har läst och godkänner köpvillkoren/)
    .check();
}

/** The order page link in an email: path and fragment (the token). */
export function orderLinkIn(text: string): string {
  const match = /(http:\/\/\S+\/orders\/INV-\d+#[A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no order page link in: ${text}`);
  const url = new URL(match[1]);
  return url.pathname + url.hash;
}

/**
 * Places an order in the browser as a private buyer (100 coupon booklets, English page) and waits
 * for the confirmation: answers its invoice number.
 */
export async function placeOrderInBrowser(page: Page, email: string): Promise<string> {
  await page.goto(`/products/${encodeURIComponent('kuponghäfte')}`);
  await page.getByRole('button', { name: 'Add 100 pcs to cart' }).click();
  await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('100');
  await page.goto('/cart');
  await page.getByLabel('Individual').check();
  await page.getByLabel('Personal ID number').fill('19811218-9876');
  await page.getByLabel('Name').fill('Anna Andersson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('070-123 45 67');
  await page.getByLabel('Delivery address').fill('Storgatan 1\n111 22 Stockholm');
  await acceptTerms(page);
  await page.getByRole('button', { name: /Complete Order/ }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
  await expect.poll(() => page.getByTestId('invoice-number').textContent()).toMatch(/^INV-\d+$/);
  return (await page.getByTestId('invoice-number').textContent()) ?? '';
}

const screenshotDir = process.env.SCREENSHOT_DIR;

/**
 * A screenshot for a person to look at, outside the repository: taken only when SCREENSHOT_DIR is
 * set. A full-page shot starts from the top: of a scrolled page it draws the sticky header mid-page.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage });
}
