import { Info, Plus } from 'lucide-react';
import { Fragment } from 'react';
import type { Product } from '@/shared/catalogue';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { printMethodLabels, printSideLabels } from '@/shared/print-options';
import { useLocale, useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { freeSides } from './customiser-model';
import type { CustomiserState } from './customiser-state';
import { PrintPanel } from './print-panel';

/** The customiser's prints: one panel per print, "another side" after a method's last one. */
export function CustomiserPrints({ product, state }: { product: Product; state: CustomiserState }) {
  const { locale } = useLocale();
  const t = useT(customiserMessages);
  const { prints, fitted, sideIds } = state;
  return (
    <div>
      <h2 className="text-base font-semibold text-slate-900">{t.yourPrints}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.printsIntro}</p>
      <div className="mt-3 space-y-4">
        {fitted.map((print, index) => {
          const sameMethod = prints.filter((p) => p.method === print.method);
          const label = printMethodLabels[locale][print.method];
          const lastOfMethod = fitted[index + 1]?.method !== print.method;
          const another =
            lastOfMethod &&
            sameMethod.every((p) => p.upload) &&
            freeSides(prints, print.method, sideIds).length > 0;
          return (
            <Fragment key={print.key}>
              <PrintPanel
                product={product}
                title={
                  sameMethod.length > 1
                    ? t.printOnSide({ method: label, side: printSideLabels[locale][print.side] })
                    : label
                }
                print={print}
                sides={state.sides}
                takenSides={sideIds.filter(
                  (side) => !freeSides(prints, print.method, sideIds, print.key).includes(side),
                )}
                {...state.panelActions(print)}
              />
              {another && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => state.addAnother(print.method)}
                  data-testid={`another-side-${print.method}`}
                >
                  <Plus className="size-4" aria-hidden />
                  {t.anotherSide({ method: label })}
                </Button>
              )}
            </Fragment>
          );
        })}
      </div>
      {(state.uploaded.length > 0 || prints.some((p) => p.printFile)) && (
        <p
          className="mt-4 flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="vector-note"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t.vectorNote} {t.vectorNoteHow}
          </span>
        </p>
      )}
    </div>
  );
}
