import type { LineOptions } from '@/shared/product-options';
import { describeOptions } from '@/shared/i18n/messages/product-options';
import { cartOptionMessages } from '@/shared/i18n/messages/cart-options';
import { useLocale, useT } from '@/client/lib/i18n';

/**
 * A stored line's choices, notes and shared tier as text (order page, confirmation, admin). A
 * customised design's colour is said with the design, so it is left out here.
 */
export function LineChoicesText(props: {
  line: { options?: LineOptions; notes?: string; tierQuantity?: number; customisation?: unknown };
  testId: string;
  className: string;
  as?: 'p' | 'span';
}) {
  const { locale } = useLocale();
  const t = useT(cartOptionMessages);
  const { line } = props;
  const options = line.customisation ? { ...line.options, colour: undefined } : line.options;
  const described = describeOptions(locale, options);
  const Tag = props.as ?? 'p';
  return (
    <>
      {described && (
        <Tag className={props.className} data-testid={props.testId}>
          {described}
        </Tag>
      )}
      {line.notes && (
        <Tag className={`${props.className} break-words`}>
          {t.notes}: {line.notes}
        </Tag>
      )}
    </>
  );
}
