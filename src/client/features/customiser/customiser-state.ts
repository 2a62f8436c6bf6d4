import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { colourHex, type PrintSide, type Product } from '@/shared/catalogue';
import { DEFAULT_SCALE, type PrintMethod } from '@/shared/customisation';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { designLibraryMessages } from '@/shared/i18n/messages/design-library';
import { productName } from '@/shared/i18n/messages/product-names';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { printSideLabels } from '@/shared/print-options';
import { hasSizes, splitTotal, type SizeSplit } from '@/shared/sizes';
import { formatCount } from '@/shared/money-format';
import type { PrintFileAnswer } from '@/shared/print-files';
import { applyBrowserState } from '@/client/lib/hydration';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useCart } from '@/client/state/cart/cart-context';
import { printFileStore } from '@/client/state/print-files';
import { keepGroupDesign } from '@/client/state/group-design';
import { takeLibraryDesign } from '@/client/state/library-design';
import type { PrintGeometry } from '@/client/components/print-area';
import { isDarkColour } from './colour-swatches';
import {
  anotherPrint,
  isNotWholeNumber,
  largestScale,
  placeFor,
  printMethods,
  quote,
  toCustomisation,
  type PrintDraft,
  type PrintImage,
} from './customiser-model';
import { readCustomiserDraft, readImage, writeCustomiserDraft } from './customiser-draft';

type CustomiserConfig = NonNullable<Product['customiser']>;

/**
 * The prints with an image of the account's design library placed: on the first print without an
 * image (else instead of the first's), clear of a print on that side, no larger than the area allows.
 */
function withLibraryImage(
  product: Product,
  mockup: PrintGeometry,
  prints: readonly PrintDraft[],
  image: PrintImage,
): PrintDraft[] {
  const target = prints.find((p) => !p.upload) ?? prints[0];
  if (!target) return [...prints];
  const others = prints.filter((p) => p.key !== target.key && p.upload && p.side === target.side);
  const scale = Math.min(target.scale, largestScale(product, target.side, image));
  const place = placeFor(mockup, target.side, others, scale);
  return prints.map((p) => (p.key === target.key ? { ...p, upload: image, scale, ...place.position } : p));
}

/** The buyer's design in progress: colour, prints, quantity, sizes and note, kept across a reload. */
function useCustomiserDraft(product: Product, mockup: PrintGeometry, config: CustomiserConfig) {
  const firstSide = config.availableSides[0]?.id ?? 'front';
  const [color, setColor] = useState<string>(
    config.availableColors.includes('white') ? 'white' : (config.availableColors[0] ?? 'white'),
  );
  const [previewSide, setPreviewSide] = useState<PrintSide>(firstSide);
  // Both prints start on the first side (the front): most buyers want one logo there, whichever
  // method they use. A second image on the same side is placed clear of the first when uploaded.
  const [prints, setPrints] = useState<PrintDraft[]>(() =>
    printMethods.map((method) => ({
      key: method,
      method,
      side: firstSide,
      scale: DEFAULT_SCALE,
      ...placeFor(mockup, firstSide, []).position,
    })),
  );
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [quantityText, setQuantityText] = useState(String(product.minQuantity));
  const [additionalInfo, setAdditionalInfo] = useState('');
  const [sizes, setSizes] = useState<SizeSplit>({});

  // The design in progress survives a reload (customiser-draft.ts). Read once after mount, so the
  // server's HTML and hydration start from the same defaults; saved on every change after that.
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const draft = readCustomiserDraft(product.id, {
      colors: config.availableColors,
      sides: config.availableSides.map((s) => s.id),
    });
    // As a transition: rendering the customiser again then takes slices, not one blocking task.
    applyBrowserState(() => {
      if (draft) {
        setColor(draft.color);
        setPreviewSide(draft.previewSide);
        setPrints(draft.prints);
        setQuantityText(draft.quantityText);
        setAdditionalInfo(draft.additionalInfo);
        setSizes(draft.sizes);
      }
      setRestored(true);
    });
  }, [product.id, config]);
  // An image the account's design library sent here (issue 43) is placed once, over the restored draft.
  const libraryTexts = useT(designLibraryMessages);
  const libraryTaken = useRef(false);
  useEffect(() => {
    if (!restored || libraryTaken.current) return;
    libraryTaken.current = true;
    const image = readImage(takeLibraryDesign(product.id));
    if (!image) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time read of this tab's storage
    setPrints((list) => withLibraryImage(product, mockup, list, image));
    notify.success(libraryTexts.placedHeading, { description: libraryTexts.placedText });
  }, [restored, product, mockup, libraryTexts]);
  useEffect(() => {
    if (!restored) return;
    writeCustomiserDraft(product.id, { color, previewSide, prints, quantityText, additionalInfo, sizes });
  }, [restored, product.id, color, previewSide, prints, quantityText, additionalInfo, sizes]);

  return {
    ...{ color, setColor, previewSide, setPreviewSide, prints, setPrints, uploading, setUploading },
    ...{ quantityText, setQuantityText, additionalInfo, setAdditionalInfo, sizes, setSizes },
  };
}

/** How the prints change: placed, moved between sides, replaced and removed (one job: the prints). */
function usePrintActions(
  product: Product,
  mockup: PrintGeometry,
  sideIds: readonly PrintSide[],
  draft: ReturnType<typeof useCustomiserDraft>,
) {
  const { lines } = useCart();
  const { prints, setPrints, setPreviewSide } = draft;

  const update = (key: string, change: Partial<PrintDraft>) =>
    setPrints((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  /** Another print of the method on a side it is not on yet, listed after the method's others. */
  const addAnother = (method: PrintMethod) => {
    const next = anotherPrint(mockup, prints, method, sideIds);
    if (!next) return;
    setPrints((list) => {
      const last = list.map((p) => p.method).lastIndexOf(method);
      return [...list.slice(0, last + 1), next, ...list.slice(last + 1)];
    });
  };

  /**
   * A replaced or removed file stops being a print file of the order: a PDF at once, an image
   * unless a cart line already uses it (that design keeps its print file).
   */
  const dropPrintFile = (id: string | undefined, unlessInCart: boolean) => {
    if (!id) return;
    const inCart = lines.some((line) => line.customisation?.prints.some((p) => p.uploadId === id));
    if (!(unlessInCart && inCart)) printFileStore.remove(id);
  };

  const changeSide = (key: string, side: PrintSide) => {
    // A print moved to another side starts in that side's print area, clear of a print already
    // there, at most as large as that area allows, and the preview follows it.
    const print = prints.find((p) => p.key === key);
    if (!print) return;
    const others = prints.filter((p) => p.key !== key && p.upload && p.side === side);
    const scale = Math.min(print.scale, largestScale(product, side, print.upload));
    const place = placeFor(mockup, side, others, scale);
    update(key, { side, scale, ...place.position });
    if (place.other && others[0]) update(others[0].key, place.other);
    setPreviewSide(side);
  };

  /** The PrintPanel callbacks of one print. */
  const panelActions = (print: PrintDraft) => ({
    onUploaded: (upload: PrintImage) => {
      const others = prints.filter((p) => p.key !== print.key && p.upload && p.side === print.side);
      dropPrintFile(print.upload?.id, true);
      // A first image is placed; a replaced one keeps the place the buyer gave it.
      // Either way no larger than the print area allows for this image.
      const scale = Math.min(print.scale, largestScale(product, print.side, upload));
      const place = print.upload ? undefined : placeFor(mockup, print.side, others, scale);
      update(print.key, { upload, scale, ...place?.position });
      if (place?.other && others[0]) update(others[0].key, place.other);
      setPreviewSide(print.side);
    },
    onPrintFile: (printFile: PrintFileAnswer | undefined) => {
      dropPrintFile(print.printFile?.id, false);
      update(print.key, { printFile });
    },
    onRemove: () => {
      dropPrintFile(print.upload?.id, true);
      // A method's further print goes with its image; its first stays, empty.
      if (print.key === print.method) update(print.key, { upload: undefined });
      else setPrints((list) => list.filter((p) => p.key !== print.key));
    },
    onSideChange: (side: PrintSide) => changeSide(print.key, side),
    onScaleChange: (scale: number) => update(print.key, { scale }),
    onBusyChange: (value: boolean) => draft.setUploading((state) => ({ ...state, [print.key]: value })),
  });

  return { update, addAnother, panelActions };
}

/** The customiser's state, what follows from it, and what the buyer can do with it. */
export function useCustomiserState(product: Product, mockup: PrintGeometry, config: CustomiserConfig) {
  const { dispatch } = useCart();
  const { locale } = useLocale();
  const t = useT(customiserMessages);
  const sizeTexts = useT(sizeMessages);
  const [, navigate] = useLocation();
  const draft = useCustomiserDraft(product, mockup, config);
  const { color, prints, quantityText, additionalInfo, sizes, uploading } = draft;
  const name = productName(locale, product);
  // Side labels in the buyer's language (the catalogue's are English).
  const sides = config.availableSides.map((s) => ({ id: s.id, label: printSideLabels[locale][s.id] }));
  const sideIds = config.availableSides.map((s) => s.id);
  const actions = usePrintActions(product, mockup, sideIds, draft);

  const hex = colourHex(color) ?? '#ffffff';
  const dark = isDarkColour(color, hex);
  const q = quote(product, quantityText, locale);
  const busy = Object.values(uploading).some(Boolean);
  // Every print at most as large as its side's area allows (a draft saved before the limit too).
  const fitted = prints.map((p) => ({
    ...p,
    scale: Math.min(p.scale, largestScale(product, p.side, p.upload)),
  }));
  const uploaded = prints.filter((p) => p.upload);
  const notWhole = isNotWholeNumber(quantityText);
  const garment = hasSizes(product);
  const sized = splitTotal(sizes);
  // A split that is started must match the quantity; an empty one is chosen in the cart instead.
  const splitMismatch =
    garment && sized > 0 && sized !== q.quantity
      ? sizeTexts.mismatch({ quantity: q.quantity, total: sized })
      : undefined;

  // A group order starts from this design: the start page reads it (src/client/state/group-design.ts).
  const startGroup = () => {
    keepGroupDesign({ productId: product.id, customisation: toCustomisation(color, fitted, additionalInfo) });
    navigate('/group/new');
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (q.problem) {
      notify.error(q.problem);
      return;
    }
    if (splitMismatch) {
      notify.error(splitMismatch);
      return;
    }
    if (busy) return;
    dispatch({
      type: 'add',
      productId: product.id,
      quantity: q.quantity,
      customisation: toCustomisation(color, fitted, additionalInfo),
      ...(garment && sized > 0 ? { sizes } : {}),
    });
    notify.success(t.added({ n: formatCount(q.quantity) }));
  };

  return {
    ...draft,
    ...actions,
    ...{ name, sides, sideIds, hex, dark, q, busy, fitted, uploaded, notWhole, garment, sized },
    ...{ startGroup, add },
  };
}

export type CustomiserState = ReturnType<typeof useCustomiserState>;
