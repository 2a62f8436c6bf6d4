import { useId } from 'react';
import type { Product } from '@/shared/catalogue';
import { kidsSizeChart, sizeCharts } from '@/shared/product-facts';
import { printAreaWidths } from '@/shared/print-files';
import { printSideIds, printSideLabels } from '@/shared/print-options';
import { kidsSizeCodes, sizeCodes } from '@/shared/sizes';
import { formatCount, formatLength } from '@/shared/money-format';
import { productFactsMessages } from '@/shared/i18n/messages/product-facts';
import { useLocale, useT } from '@/client/lib/i18n';

/** What the buyer gets: material, weight, fit, print method and area, and the garment's size chart. */
export function ProductFacts({ product }: { product: Product }) {
  const { locale } = useLocale();
  const t = useT(productFactsMessages);
  const headingId = useId();
  // Everything here is the product's record, as the owner keeps it in admin.
  const facts = product.facts ?? {};
  const [material, fit, print] = [facts.material, facts.fit, facts.print].map((text) => text?.[locale]);
  const offered = product.customiser?.availableSides.map((side) => side.id);
  const areas = printAreaWidths(product.printAreas ?? {});
  const widths = printSideIds
    .filter((side) => areas[side] !== undefined && (!offered || offered.includes(side)))
    .map((side) => `${printSideLabels[locale][side]} ${formatLength(areas[side] ?? 0)} cm`)
    .join(' · ');
  // A kids' garment's sizes are the child's height: its chart is that, not the adult measurements.
  const kids = product.garment === true && product.sizeSet === 'kids';
  const chart = facts.sizeChart && !kids ? sizeCharts[facts.sizeChart] : undefined;
  const rows: [label: string, value: string | undefined][] = [
    [t.material, material],
    [t.weight, facts.weightGsm ? t.gsm({ n: formatCount(facts.weightGsm) }) : undefined],
    [t.fit, fit],
    [t.print, print],
    [t.printWidth, widths],
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="mt-10 rounded-2xl border border-slate-200 p-5 shadow-sm sm:p-6"
      data-testid="product-facts"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t.heading}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      {kids && <KidsSizeChart />}
      {chart && (
        <SizeChart
          caption={t.sizeChartCaption}
          columns={[t.size, t.chest, t.length]}
          rows={sizeCodes.map((code) => [code, `${chart.chestCm[code]} cm`, `${chart.lengthCm[code]} cm`])}
        />
      )}
    </section>
  );
}

/** Children's sizes (decision 0063): each size's height span and the age it usually fits. */
function KidsSizeChart() {
  const t = useT(productFactsMessages);
  return (
    <SizeChart
      caption={t.kidsSizeChartCaption}
      columns={[t.size, t.childHeight, t.childAge]}
      rows={kidsSizeCodes.map((code) => {
        const { heightCm, age } = kidsSizeChart[code];
        return [code, `${heightCm[0]}–${heightCm[1]} cm`, t.years({ from: age[0], to: age[1] })];
      })}
    />
  );
}

/** A size chart under its own heading: a row a size with its two measures, the caption under it. */
function SizeChart(props: {
  caption: string;
  columns: readonly [size: string, first: string, second: string];
  rows: readonly (readonly [size: string, first: string, second: string])[];
}) {
  const t = useT(productFactsMessages);
  const chartId = useId();
  const [sizeColumn, firstColumn, secondColumn] = props.columns;
  return (
    <>
      <h3 id={chartId} className="mt-6 text-base font-semibold text-slate-900">
        {t.sizeChart}
      </h3>
      <div className="mt-2 overflow-x-auto">
        <table
          aria-labelledby={chartId}
          className="w-full min-w-[18rem] max-w-xl text-right text-sm tabular-nums"
        >
          <caption className="caption-bottom pt-2 text-left text-xs text-slate-600">{props.caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-2 text-left font-medium">
                {sizeColumn}
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                {firstColumn}
              </th>
              <th scope="col" className="py-2 pl-2 font-medium">
                {secondColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map(([size, first, second]) => (
              <tr key={size} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1.5 pr-2 text-left font-semibold text-slate-900">
                  {size}
                </th>
                <td className="px-2 py-1.5 text-slate-900">{first}</td>
                <td className="py-1.5 pl-2 text-slate-900">{second}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
