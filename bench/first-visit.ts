// A first visit as a browser makes it: a fresh Chromium profile (empty cache, no storage), the page
// opened and left until the network is idle, every script response counted as DevTools' Network
// panel counts "transferred": the body as received (still compressed) plus the response headers,
// from Chromium's own request sizes; the bodies alone are reported too. The first visit opens the
// currency dialog, so its chunk counts too, which a manifest walk (bundle.ts) cannot see.
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '@tests/helpers/chromium';

export const firstVisitBudgetKb = 90;

export interface FirstVisit {
  path: string;
  scripts: number;
  /** Script bytes as transferred, as DevTools counts them (compressed body plus headers), KB. */
  jsTransferKb: number;
  /** Script bodies only (after compression, no headers), KB: the figure before headers counted. */
  jsBodyKb: number;
  /** Every response's bytes as transferred (bodies plus headers), KB. */
  allTransferKb: number;
  requests: number;
  /** Each script's file name and transferred KB, largest first (what to look at when over budget). */
  scriptFiles: { file: string; kb: number }[];
}

export async function measureFirstVisits(baseUrl: string, paths: readonly string[]): Promise<FirstVisit[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const visits: FirstVisit[] = [];
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      let jsBytes = 0;
      let jsBodyBytes = 0;
      let allBytes = 0;
      let requests = 0;
      let scripts = 0;
      const scriptFiles: { file: string; kb: number }[] = [];
      const counted: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        counted.push(
          request.sizes().then(({ responseBodySize, responseHeadersSize }) => {
            // responseBodySize: the body as received, still compressed (Content-Encoding).
            const transferred = responseBodySize + responseHeadersSize;
            requests += 1;
            allBytes += transferred;
            if (request.resourceType() !== 'script') return;
            scripts += 1;
            jsBytes += transferred;
            jsBodyBytes += responseBodySize;
            const file = new URL(request.url()).pathname.split('/').pop() ?? '';
            scriptFiles.push({ file, kb: Math.round((transferred / 1024) * 10) / 10 });
          }),
        );
      });
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      // What the page starts after it settles (the currency dialog's chunks) still belongs to the visit.
      await sleep(1000);
      await page.waitForLoadState('networkidle');
      await Promise.all(counted);
      visits.push({
        path,
        scripts,
        jsTransferKb: Math.round((jsBytes / 1024) * 10) / 10,
        jsBodyKb: Math.round((jsBodyBytes / 1024) * 10) / 10,
        allTransferKb: Math.round((allBytes / 1024) * 10) / 10,
        requests,
        scriptFiles: scriptFiles.sort((a, b) => b.kb - a.kb),
      });
      await context.close();
    }
    return visits;
  } finally {
    await browser.close();
  }
}
