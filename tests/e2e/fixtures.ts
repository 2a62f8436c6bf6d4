import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '../helpers/orders';
import { startServer, type TestServer, type TestServerOptions } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';

export { expect };

/** The SPA the global setup built for the browser tests. */
export const clientDir = resolve('dist/e2e-client');

export interface PageOptions {
  width?: number;
  /** Mark the currency dialog as already seen (most tests are not about it). */
  skipCurrencyDialog?: boolean;
  /**
   * The browser's language (and Accept-Language). English read in Sweden (`en-SE`: the checkout's
   * country starts as Sweden) unless a test is about Swedish or another country.
   */
  locale?: string;
  /** The browser's time zone (IANA name); default the machine's. */
  timezoneId?: string;
  /** A phone: touch input and a mobile viewport meta. */
  touch?: boolean;
  /** Console errors the test provokes on purpose (a 401 before logging in, a reset upload). */
  expectedErrors?: RegExp;
  /** Another server than the file's (a second instance on the same database). */
  server?: Pick<TestServer, 'url'>;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Page errors and console errors so far (4xx answers included; see the fixture's check). */
  errors: string[];
}

/** An order placed through POST /api/orders as a private buyer, with the token of its order page. */
export interface PlacedOrder extends PlacedOrderAnswer {
  /** The order page's path with its token, as the confirmation email links it. */
  orderPagePath: string;
}

/** Opens a fresh browser context on this file's server (the `openPage` fixture). */
export type OpenPage = (options?: PageOptions) => Promise<OpenedPage>;

interface WorkerFixtures {
  /** Options for this file's server (`test.use({ serverOptions })` at the top of a file). */
  serverOptions: TestServerOptions;
  /**
   * The server of the file that runs now; see `server`. A file whose options are known only once
   * something else has started (a stand-in's port) starts it in `beforeAll` with those options.
   */
  serverPerFile: {
    for: (testInfo: Pick<TestInfo, 'file'>, options?: TestServerOptions) => Promise<TestServer>;
  };
}

interface TestFixtures {
  /**
   * A real server serving the built SPA, on its own database, shared by the tests of one file (they
   * build on each other's orders, as a shop's day does) and closed when the worker moves on. After
   * a failure Playwright goes on in a new worker, so the file's later tests get a fresh server.
   */
  server: TestServer;
  /**
   * Opens a fresh browser context (own storage) on the server. When the test ends, however it
   * ends, its contexts close and the test fails if a page threw, logged a console error (a 4xx
   * answer aside) or broke the CSP, beyond `expectedErrors`: no test has to remember either.
   */
  openPage: OpenPage;
  /** A page opened with the defaults (English, 1280 px wide). */
  page: Page;
  /** A page whose browser holds an owner's admin session (logged in through the API). */
  adminPage: Page;
  /** An order a private buyer placed a moment ago (100 coupon booklets' worth of hoodies and beanies). */
  placedOrder: PlacedOrder;
}

/** Chromium's console line for a 4xx answer to a fetch or a resource. */
const refusedByServer = /the server responded with a status of 4\d\d\b/;

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

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverOptions: [{}, { scope: 'worker', option: true }],

  serverPerFile: [
    async ({ serverOptions }, use) => {
      let current: { file: string; server: Promise<TestServer> } | undefined;
      await use({
        async for({ file }, options = serverOptions) {
          if (current?.file !== file) {
            const previous = current;
            current = { file, server: startServer({ clientDir, ...options }) };
            if (previous) await (await previous.server).close();
          }
          return current.server;
        },
      });
      if (current) await (await current.server).close();
    },
    { scope: 'worker' },
  ],

  server: async ({ serverPerFile }, use, testInfo) => {
    await use(await serverPerFile.for(testInfo));
  },

  openPage: async ({ browser, server }, use) => {
    const opened: { context: BrowserContext; errors: string[]; expectedErrors: RegExp | undefined }[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL: (options.server ?? server).url,
        viewport: { width: options.width ?? 1280, height: options.touch ? 844 : 900 },
        locale: options.locale ?? 'en-SE',
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
      opened.push({ context, errors, expectedErrors: options.expectedErrors });
      return { page, context, errors };
    });
    await Promise.all(opened.map(({ context }) => context.close()));
    // A 4xx answer is the server refusing input as designed (the page shows why). Page errors,
    // CSP violations, 5xx and failed requests always fail the test.
    const unexpected = opened.flatMap(({ errors, expectedErrors }) =>
      errors.filter((error) => !expectedErrors?.test(error) && !refusedByServer.test(error)),
    );
    if (unexpected.length > 0) throw new Error(`browser errors:\n${unexpected.join('\n')}`);
  },

  page: async ({ openPage }, use) => {
    await use((await openPage()).page);
  },

  adminPage: async ({ openPage, server }, use) => {
    const { page, context } = await openPage();
    await loginAsAdmin(server, context);
    await use(page);
  },

  placedOrder: async ({ server }, use) => {
    const key = `fixture-${crypto.randomUUID()}`;
    const response = await fetch(`${server.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(checkoutBody(key)),
    });
    expect(response.status, 'the order is placed').toBe(201);
    const placed = (await response.json()) as PlacedOrderAnswer;
    await use({ ...placed, orderPagePath: `/orders/${placed.orderNumber}#${placed.accessToken}` });
  },
});

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

/**
 * Swedish number spacing as it is on the page: a no-break space where the expectation has a
 * space, so `toHaveText(spaced('6 862,50 kr'))` reads like the screen and still waits and retries.
 */
export function spaced(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s\\u00a0\\u202f]');
  return new RegExp(`^\\s*${escaped}\\s*$`);
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
  await expect(page.getByTestId('cart-badge')).toHaveText('100');
  await page.goto('/cart');
  await page.getByLabel('Individual').check();
  await page.getByLabel('Personal ID number').fill('19811218-9876');
  await page.getByLabel('Name').fill('Anna Andersson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('070-123 45 67');
  await page.getByLabel('Delivery address').fill('Storgatan 1\n111 22 Stockholm');
  await acceptTerms(page);
  await page.getByRole('button', { name: /Complete Order/ }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  const invoiceNumber = page.getByTestId('invoice-number');
  await expect(invoiceNumber).toHaveText(/^INV-\d+$/);
  return (await invoiceNumber.textContent()) ?? '';
}

/** The order the confirmation page keeps in the browser (number and access token). */
export async function lastPlacedOrder(page: Page): Promise<{ orderNumber: string; accessToken: string }> {
  const stored = await page.evaluate(
    () =>
      JSON.parse(window.localStorage.getItem('lastOrder') ?? 'null') as {
        orderNumber: string;
        accessToken: string;
      } | null,
  );
  if (!stored) throw new Error('the browser keeps no placed order');
  return stored;
}

/** The last order's invoice (HTML) as the buyer's browser fetches it with the token it keeps. */
export async function lastOrderInvoiceHtml(page: Page): Promise<string> {
  const { orderNumber, accessToken } = await lastPlacedOrder(page);
  return page.evaluate(
    async ([number, token]) =>
      (await fetch(`/api/orders/${number}/invoice`, { headers: { 'x-order-token': token } })).text(),
    [orderNumber, accessToken] as const,
  );
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
