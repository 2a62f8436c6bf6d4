import type { Customisation } from '@/shared/customisation';
import type { GroupLine } from '@/shared/group-orders';
import type { LineOptions } from '@/shared/product-options';
import type { SizeSplit } from '@/shared/sizes';

/** POST /close's line, as POST /api/orders takes it. */
export interface GroupOrderLine {
  productId: string;
  quantity: number;
  sizes: SizeSplit;
  customisation?: Customisation;
  options?: LineOptions;
  notes?: string;
  group?: GroupLine;
}
