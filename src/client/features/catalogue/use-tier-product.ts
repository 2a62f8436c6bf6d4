/**
 * The tier product page's state (issue 39: split out of TierProduct, unchanged): the chosen tier,
 * the options, the notes and the line's print file, and adding the line to the cart.
 */
import { useState } from 'react';
import { notify } from '@/client/lib/notify';
import type { Product } from '@/shared/catalogue';
import type { Milli } from '@/shared/money';
import {
  optionsExtraPerUnit,
  optionsProblem,
  type LineOptions,
  type OptionId,
} from '@/shared/product-options';
import { productOptionMessages } from '@/shared/i18n/messages/product-options';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import type { PrintFileAnswer } from '@/shared/print-files';
import { ApiError } from '@/client/lib/api';
import { printFileProblem, uploadPrintFile } from '@/client/lib/print-file-api';
import { printFileStore } from '@/client/state/print-files';
import { useCart } from '@/client/state/cart/cart-context';
import { formatCount } from '@/shared/money-format';
import { productMessages } from '@/shared/i18n/messages/products';
import { useT } from '@/client/lib/i18n';

export function useTierProduct(product: Product) {
  const [index, setIndex] = useState(0);
  // Every choice starts at its first: shown, and changed before adding (the cart shows them too).
  const [options, setOptions] = useState<LineOptions>(() =>
    Object.fromEntries((product.options ?? []).map((o) => [o.id, o.choices[0]?.id ?? ''])),
  );
  const [notes, setNotes] = useState('');
  const [printFile, setPrintFile] = useState<PrintFileAnswer | undefined>();
  const [uploading, setUploading] = useState(false);
  const optionTexts = useT(productOptionMessages);
  const printFileTexts = useT(printFileMessages);
  const { dispatch } = useCart();
  const t = useT(productMessages);
  // A product sold only in packs offers only the tiers it can be ordered in.
  const multiple = product.soldInMultiplesOf;
  const tiers = multiple ? product.tiers.filter((t) => t.quantity % multiple === 0) : product.tiers;
  const tier = tiers[index] ?? tiers[0];
  const first = tiers[0];
  const savings =
    tier && first && first.pricePerUnit > tier.pricePerUnit
      ? Math.round((1 - tier.pricePerUnit / first.pricePerUnit) * 100)
      : 0;

  const extra = optionsExtraPerUnit(product, options);
  const shownTier =
    tier && extra > 0 ? { ...tier, pricePerUnit: (tier.pricePerUnit + extra) as Milli } : tier;

  const add = () => {
    if (!tier) return;
    if (optionsProblem(product, options)) {
      notify.error(optionTexts.chooseAll);
      return;
    }
    dispatch({
      type: 'add',
      productId: product.id,
      quantity: tier.quantity,
      options,
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      ...(printFile ? { printFileId: printFile.id } : {}),
    });
    notify.success(t.added({ n: formatCount(tier.quantity), productId: product.id }));
  };

  const upload = async (file: File) => {
    const problem = printFileProblem(file, printFileTexts);
    if (problem) {
      notify.error(problem);
      return;
    }
    setUploading(true);
    try {
      const answer = await uploadPrintFile(file);
      // One of the cart's print files (its fee counted there), tied to this line.
      printFileStore.add({ ...answer, source: 'upload' });
      setPrintFile(answer);
      notify.success(printFileTexts.uploaded({ name: answer.name }));
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : printFileTexts.noFile);
    } finally {
      setUploading(false);
    }
  };

  const chooseOption = (option: OptionId, choice: string) =>
    setOptions((current) => ({ ...current, [option]: choice }));

  return {
    index,
    setIndex,
    options,
    chooseOption,
    notes,
    setNotes,
    printFile,
    uploading,
    multiple,
    tiers,
    tier,
    first,
    savings,
    shownTier,
    add,
    upload,
  };
}
