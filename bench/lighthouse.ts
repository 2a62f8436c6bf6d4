import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '@tests/helpers/chromium';
import { median } from './lib/stats';

/**
 * Every public page a stranger can open without a link of their own (an order's, a quote's or a
 * group's page needs its token): the storefront, a garment and a print product, the cart, the order
 * lookup, the account's sign-in, starting a group order, the partner form and the two legal pages.
 */
export const lighthousePaths = [
  '/',
  '/how-it-works',
  '/products',
  '/products/hoodie',
  '/products/kuponghäfte',
  '/cart',
  '/orders',
  '/account',
  '/group/new',
  '/partner',
  '/terms',
  '/privacy',
];
/** Each page in both languages: the browser's Accept-Language picks the server-rendered one. */
export const lighthouseLanguages = { en: 'en-GB,en;q=0.9', sv: 'sv-SE,sv;q=0.9' } as const;
type Language = keyof typeof lighthouseLanguages;
export const lighthouseBudgets = { performance: 95, accessibility: 100, bestPractices: 100 };

export interface LighthouseScores {
  path: string;
  language: Language;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Median metrics of the runs (ms, CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Audits that lost points, so a score below budget says why. */
  failing: string[];
  runs: number;
  budgetOk: boolean;
}

type Category = 'performance' | 'accessibility' | 'best-practices';
const categories: Category[] = ['performance', 'accessibility', 'best-practices'];

/** One Lighthouse run; a run whose trace failed (it happens on a loaded machine) is tried again. */
async function audit(url: string, port: number, language: Language) {
  for (let attempt = 1; ; attempt++) {
    const answer = await lighthouse(url, {
      port,
      extraHeaders: { 'Accept-Language': lighthouseLanguages[language] },
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    const error = answer ? answer.lhr.runtimeError : { message: 'no result' };
    if (!error) return (answer as NonNullable<typeof answer>).lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
  }
}

/** Lighthouse's default (mobile, simulated throttling) config, run `runs` times per page; medians. */
export async function runLighthouse(baseUrl: string, runs: number): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
    logLevel: 'silent',
  });
  try {
    const results: LighthouseScores[] = [];
    const pages = lighthousePaths.flatMap((path) =>
      (Object.keys(lighthouseLanguages) as Language[]).map((language) => ({ path, language })),
    );
    for (const { path, language } of pages) {
      const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
      const metrics = {
        fcp: [] as number[],
        lcp: [] as number[],
        tbt: [] as number[],
        cls: [] as number[],
        si: [] as number[],
      };
      const failing = new Set<string>();
      for (let i = 0; i < runs; i++) {
        const lhr = await audit(new URL(path, baseUrl).href, chrome.port, language);
        for (const category of categories) {
          const entry = lhr.categories[category];
          scores[category].push(Math.round((entry?.score ?? 0) * 100));
          for (const ref of entry?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (
              ref.weight > 0 &&
              audit &&
              audit.score !== null &&
              audit.score < (category === 'performance' ? 0.9 : 1)
            ) {
              failing.add(`${category}:${ref.id}`);
            }
          }
        }
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        metrics.fcp.push(metric('first-contentful-paint'));
        metrics.lcp.push(metric('largest-contentful-paint'));
        metrics.tbt.push(metric('total-blocking-time'));
        metrics.cls.push(metric('cumulative-layout-shift'));
        metrics.si.push(metric('speed-index'));
      }
      const performance = median(scores.performance);
      const accessibility = median(scores.accessibility);
      const bestPractices = median(scores['best-practices']);
      results.push({
        path,
        language,
        performance,
        accessibility,
        bestPractices,
        metrics: {
          fcp: Math.round(median(metrics.fcp)),
          lcp: Math.round(median(metrics.lcp)),
          tbt: Math.round(median(metrics.tbt)),
          cls: Math.round(median(metrics.cls) * 1000) / 1000,
          si: Math.round(median(metrics.si)),
        },
        failing: [...failing].sort(),
        runs,
        budgetOk:
          performance >= lighthouseBudgets.performance &&
          accessibility >= lighthouseBudgets.accessibility &&
          bestPractices >= lighthouseBudgets.bestPractices,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
