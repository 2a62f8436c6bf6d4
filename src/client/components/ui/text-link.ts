import { cn } from '@/client/lib/cn';

/**
 * A link that reads as a link, not a button: underlined brand text, bold, optionally led by an icon
 * (a document, an outside page). For the buyer's documents and files beside the text they belong to.
 */
export function textLinkClass({ icon = false, small = false }: { icon?: boolean; small?: boolean } = {}) {
  return cn(
    'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950',
    icon && (small ? 'inline-flex items-center gap-1.5' : 'inline-flex items-center gap-2'),
    small && 'text-sm',
  );
}
