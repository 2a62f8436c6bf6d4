/**
 * The product form's sections beyond names and prices: how the product is designed (kind, mockup,
 * print sides and areas in cm), its picture, the choices the buyer must make and its facts.
 */
import { useState } from 'react';
import { catalogueAdminMessages, mockupName } from '@/shared/i18n/messages/catalogue-admin';
import { choiceLabel, optionLabel } from '@/shared/i18n/messages/product-options';
import type { Locale } from '@/shared/i18n/locale';
import { mockupAreas, mockupIds, type MockupId } from '@/shared/print-areas';
import { printSideIds, printSideLabels } from '@/shared/print-options';
import { optionChoiceIds } from '@/shared/product-options';
import { quantityUnit } from '@/shared/terms';
import { Field, inputClass } from '@/client/components/ui/field';
import { ProductImage, productImageNames } from '@/client/components/product-image';
import { useLocale, useT } from '@/client/lib/i18n';
import { uploadedPictureId } from '@/shared/product-images';
import { factTextKeys, otherOptionIds, type Draft } from './catalogue-draft';
import { PictureUpload } from './picture-upload';
import { MockupPictureEditor } from './mockup-picture-editor';

interface SectionProps {
  id: string;
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  errors: Record<string, string>;
}

const legendClass = 'text-sm font-semibold text-slate-800';
const errorClass = 'mt-1 text-sm font-medium text-red-700';
const cm = (n: number) => String(n).replace('.', ',');

/** Kind, mockup, and per side: offered, width and height in cm (with the mockup's largest area). */
export function DesignSection({ id, draft, set, errors }: SectionProps) {
  const t = useT(catalogueAdminMessages);
  const { locale } = useLocale();
  const customiser = draft.kind === 'customiser';
  const mockup: MockupId | undefined = draft.mockup && draft.mockup !== 'picture' ? draft.mockup : undefined;
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className={`px-1 ${legendClass}`}>{t.printAreas}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-kind`} label={t.kind} error={errors.kind}>
          {(control) => (
            <select
              {...control}
              value={draft.kind}
              onChange={(e) => {
                const kind = e.target.value === 'customiser' ? 'customiser' : 'tiers';
                // A product the buyer designs is ordered in a colour: offer the colour choice.
                set({ kind, ...(kind === 'customiser' && !draft.colours ? { colours: [] } : {}) });
              }}
            >
              <option value="tiers">{t.kindTiers}</option>
              <option value="customiser">{t.kindCustomiser}</option>
            </select>
          )}
        </Field>
        {customiser && (
          <Field id={`${id}-mockup`} label={t.mockup} hint={t.mockupHint} error={errors.mockup}>
            {(control) => (
              <select
                {...control}
                value={draft.mockup}
                onChange={(e) => {
                  const value = mockupIds.find((m) => m === e.target.value);
                  set({ mockup: e.target.value === 'picture' ? 'picture' : (value ?? '') });
                }}
              >
                <option value="">–</option>
                {mockupIds.map((m) => (
                  <option key={m} value={m}>
                    {mockupName(locale, m)}
                  </option>
                ))}
                <option value="picture">{t.ownMockup}</option>
              </select>
            )}
          </Field>
        )}
      </div>
      <p id={`${id}-areas-hint`} className="text-sm text-slate-600">
        {t.printAreasHint}
      </p>
      {errors.printAreas && <p className={errorClass}>{errors.printAreas}</p>}
      <ul className="space-y-3">
        {printSideIds.map((side) => {
          const area = draft.areas[side];
          const max = mockup && customiser ? mockupAreas[mockup][side] : undefined;
          const change = (next: Partial<typeof area>) =>
            set({ areas: { ...draft.areas, [side]: { ...area, ...next } } });
          const path = `printAreas.${side}`;
          return (
            <li key={side} className="grid items-start gap-3 sm:grid-cols-[10rem_1fr_1fr]">
              <label
                className={`flex items-center gap-2 text-sm font-semibold text-slate-800 ${area.on ? 'sm:pt-8' : ''}`}
              >
                <input
                  type="checkbox"
                  checked={area.on}
                  onChange={(e) => change({ on: e.target.checked })}
                  className="size-4"
                />
                {printSideLabels[locale][side]}
              </label>
              {area.on && (
                <>
                  <Field
                    id={`${id}-area-${side}-width`}
                    label={`${t.widthCm} · ${printSideLabels[locale][side]}`}
                    error={errors[`${path}.widthCm`] ?? errors[path]}
                    hint={max ? t.mockupMax({ width: cm(max.widthCm), height: cm(max.heightCm) }) : undefined}
                  >
                    {(control) => (
                      <input
                        {...control}
                        inputMode="decimal"
                        value={area.width}
                        onChange={(e) => change({ width: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field
                    id={`${id}-area-${side}-height`}
                    label={`${t.heightCm} · ${printSideLabels[locale][side]}`}
                    error={errors[`${path}.heightCm`]}
                  >
                    {(control) => (
                      <input
                        {...control}
                        inputMode="decimal"
                        value={area.height}
                        onChange={(e) => change({ height: e.target.value })}
                      />
                    )}
                  </Field>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {customiser && draft.mockup === 'picture' && (
        <MockupPictureEditor id={id} draft={draft} set={set} errors={errors} />
      )}
      <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          checked={draft.garment}
          onChange={(e) => set({ garment: e.target.checked })}
          className="size-4"
        />
        {t.garment}
      </label>
    </fieldset>
  );
}

/**
 * The product's picture: one of the shop's drawings, or a picture the owner uploads (the server
 * checks and shrinks it), shown beside the choice.
 */
export function ImageField({ id, draft, set, errors }: SectionProps) {
  const t = useT(catalogueAdminMessages);
  const uploaded = uploadedPictureId(draft.image) !== undefined;
  return (
    <div className="space-y-2">
      <div className="flex items-end gap-4">
        <Field id={`${id}-image`} label={t.image} error={errors.image} className="min-w-0 flex-1">
          {(control) => (
            <select {...control} value={draft.image} onChange={(e) => set({ image: e.target.value })}>
              <option value="">{t.imageNone}</option>
              {uploaded && <option value={draft.image}>{t.pictureUploaded}</option>}
              {productImageNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ProductImage image={draft.image || undefined} name="" className="w-24 shrink-0 rounded-lg" />
      </div>
      <PictureUpload
        label={t.pictureUpload}
        testId="product-picture-input"
        onUploaded={(image) => set({ image })}
      />
    </div>
  );
}

/** Sizes of a garment: adult XS–3XL or children's; a product in one size is no garment. */
export function SizeSetField({ id, draft, set, errors }: SectionProps) {
  const t = useT(catalogueAdminMessages);
  if (!draft.garment) return null;
  return (
    <Field id={`${id}-size-set`} label={t.sizeSet} error={errors.sizeSet} className="sm:max-w-xs">
      {(control) => (
        <select
          {...control}
          value={draft.sizeSet}
          onChange={(e) => set({ sizeSet: e.target.value === 'kids' ? 'kids' : 'adult' })}
        >
          <option value="adult">{t.sizeSetAdult}</option>
          <option value="kids">{t.sizeSetKids}</option>
        </select>
      )}
    </Field>
  );
}

/** Colours the owner adds for this product: an id, names in both languages and a hex code. */
export function OwnColoursSection({ id, draft, set, errors }: SectionProps) {
  const t = useT(catalogueAdminMessages);
  const change = (at: number, next: Partial<Draft['ownColours'][number]>) =>
    set({ ownColours: draft.ownColours.map((c, i) => (i === at ? { ...c, ...next } : c)) });
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="own-colours">
      <legend className={`px-1 ${legendClass}`}>{t.ownColours}</legend>
      <p className="text-sm text-slate-600">{t.ownColoursHint}</p>
      {draft.ownColours.map((colour, at) => {
        const path = `ownColours.${at}`;
        const hexValid = /^#[0-9a-fA-F]{6}$/.test(colour.hex);
        return (
          <div key={at} className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_9rem_auto] sm:items-end">
            <Field id={`${id}-own-${at}-id`} label={t.ownColourId} error={errors[`${path}.id`]}>
              {(control) => (
                <input {...control} value={colour.id} onChange={(e) => change(at, { id: e.target.value })} />
              )}
            </Field>
            <Field id={`${id}-own-${at}-sv`} label={t.ownColourNameSv} error={errors[`${path}.names.sv`]}>
              {(control) => (
                <input
                  {...control}
                  value={colour.names.sv}
                  onChange={(e) => change(at, { names: { ...colour.names, sv: e.target.value } })}
                />
              )}
            </Field>
            <Field id={`${id}-own-${at}-en`} label={t.ownColourNameEn} error={errors[`${path}.names.en`]}>
              {(control) => (
                <input
                  {...control}
                  value={colour.names.en}
                  onChange={(e) => change(at, { names: { ...colour.names, en: e.target.value } })}
                />
              )}
            </Field>
            <Field id={`${id}-own-${at}-hex`} label={t.ownColourHex} error={errors[`${path}.hex`]}>
              {(control) => (
                <span className="flex items-center gap-2">
                  <input
                    {...control}
                    className={`${control.className ?? ''} min-w-0`}
                    value={colour.hex}
                    placeholder="#e8dcc4"
                    onChange={(e) => change(at, { hex: e.target.value.trim() })}
                  />
                  <span
                    aria-hidden
                    className="inline-block size-6 shrink-0 rounded-full ring-1 ring-slate-300"
                    style={{ backgroundColor: hexValid ? colour.hex : 'transparent' }}
                  />
                </span>
              )}
            </Field>
            <button
              type="button"
              className="min-h-11 rounded-lg px-3 text-sm font-medium text-red-700 underline"
              onClick={() =>
                set({
                  ownColours: draft.ownColours.filter((_, i) => i !== at),
                  colours: draft.colours?.filter((c) => c !== colour.id),
                })
              }
            >
              {t.removeOwnColour}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800"
        onClick={() =>
          set({ ownColours: [...draft.ownColours, { id: '', names: { sv: '', en: '' }, hex: '' }] })
        }
      >
        {t.addOwnColour}
      </button>
    </fieldset>
  );
}

/** The choices besides colour: each ticked possibility is offered, at an optional extra per unit. */
export function ChoicesSection({ id, draft, set, errors }: SectionProps) {
  const t = useT(catalogueAdminMessages);
  const { locale } = useLocale();
  const colourOffset = draft.colours ? 1 : 0;
  let index = colourOffset;
  const offeredCount = otherOptionIds.filter((option) =>
    optionChoiceIds[option].some((c) => draft.choices[option][c]?.on),
  ).length;
  // Most products have no choice besides colour: the section stays folded until opened.
  const [open] = useState(offeredCount > 0);
  return (
    <details open={open} className="group rounded-xl border border-slate-200 p-4">
      <summary className={`cursor-pointer ${legendClass}`}>
        {t.otherOptions}
        {offeredCount > 0 ? ` (${offeredCount})` : ''}
      </summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-slate-600">{t.otherOptionsHint}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {otherOptionIds.map((option) => {
            const choices = draft.choices[option];
            const offered = optionChoiceIds[option].some((c) => choices[c]?.on);
            // The option's place in the saved list (errors are named by it).
            const at = offered ? index++ : -1;
            return (
              <fieldset key={option} className="rounded-lg bg-slate-50 p-3">
                <legend className="text-sm font-semibold text-slate-800">
                  {optionLabel(locale, option)}
                </legend>
                <ul className="mt-1 space-y-1.5">
                  {optionChoiceIds[option].map((choice, c) => {
                    const value = choices[choice] ?? { on: false, extra: '' };
                    const change = (next: Partial<typeof value>) =>
                      set({
                        choices: {
                          ...draft.choices,
                          [option]: { ...choices, [choice]: { ...value, ...next } },
                        },
                      });
                    const chosenAt = optionChoiceIds[option].filter((x) => choices[x]?.on).indexOf(choice);
                    const error =
                      at >= 0 && chosenAt >= 0
                        ? errors[`options.${at}.choices.${chosenAt}.extraPerUnit`]
                        : undefined;
                    return (
                      <li key={choice} className="flex flex-wrap items-center gap-2 text-sm">
                        <label className="flex min-w-36 items-center gap-2">
                          <input
                            type="checkbox"
                            checked={value.on}
                            onChange={(e) => change({ on: e.target.checked })}
                            className="size-4"
                          />
                          {choiceLabel(locale, option, choice)}
                        </label>
                        {value.on && (
                          <label className="flex items-center gap-1 text-slate-600">
                            <span className="sr-only">
                              {choiceLabel(locale, option, choice)}: {t.extraPerUnit}
                            </span>
                            <span aria-hidden>+</span>
                            <input
                              id={`${id}-choice-${option}-${c}`}
                              inputMode="decimal"
                              value={value.extra}
                              placeholder="0"
                              aria-invalid={error ? true : undefined}
                              onChange={(e) => change({ extra: e.target.value })}
                              className={`${inputClass} mt-0 min-h-0 w-24 px-2 py-1 text-sm`}
                            />
                            <span aria-hidden>kr/{quantityUnit[locale]}</span>
                          </label>
                        )}
                        {error && <span className={errorClass}>{error}</span>}
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            );
          })}
        </div>
      </div>
    </details>
  );
}

/** Material, fit and print notes in both languages; weight and size chart. */
export function FactsSection({ id, draft, set, errors }: SectionProps) {
  const t = useT(catalogueAdminMessages);
  const labels: Record<(typeof factTextKeys)[number], Record<Locale, string>> = {
    material: { sv: t.materialSv, en: t.materialEn },
    fit: { sv: t.fitSv, en: t.fitEn },
    print: { sv: t.printSv, en: t.printEn },
  };
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className={`px-1 ${legendClass}`}>{t.facts}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {factTextKeys.flatMap((key) =>
          (['sv', 'en'] as const).map((lang) => (
            <Field
              key={`${key}-${lang}`}
              id={`${id}-fact-${key}-${lang}`}
              label={labels[key][lang]}
              error={errors[`facts.${key}.${lang}`] ?? errors[`facts.${key}`]}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={2}
                  value={draft.facts[key][lang]}
                  onChange={(e) =>
                    set({ facts: { ...draft.facts, [key]: { ...draft.facts[key], [lang]: e.target.value } } })
                  }
                />
              )}
            </Field>
          )),
        )}
        <Field id={`${id}-weight`} label={t.weight} error={errors['facts.weightGsm']}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={draft.facts.weight}
              onChange={(e) => set({ facts: { ...draft.facts, weight: e.target.value } })}
            />
          )}
        </Field>
        <Field id={`${id}-size-chart`} label={t.sizeChart} error={errors['facts.sizeChart']}>
          {(control) => (
            <select
              {...control}
              value={draft.facts.sizeChart}
              onChange={(e) => {
                const value = e.target.value;
                set({
                  facts: {
                    ...draft.facts,
                    sizeChart: value === 'tshirt' || value === 'sweatshirt' ? value : '',
                  },
                });
              }}
            >
              <option value="">{t.sizeChartNone}</option>
              <option value="tshirt">{t.sizeChartTshirt}</option>
              <option value="sweatshirt">{t.sizeChartSweatshirt}</option>
            </select>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
