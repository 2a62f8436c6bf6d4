import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '@/client/lib/cn';
import { useT } from '@/client/lib/i18n';
import { controlMessages } from '@/shared/i18n/messages/controls';

/**
 * Modal dialog on the browser's own `<dialog>` element, opened with `showModal()`: the page behind
 * is inert (focus and screen readers stay inside), Escape closes it, it sits in the top layer
 * above everything. We add what the element leaves to us: focus on the chosen control, focus back
 * where it was on closing, a click on the backdrop closes, the page behind does not scroll. It
 * replaced Radix Dialog, whose 20 KB of compressed JavaScript the first visit paid for the
 * currency dialog (bench: `/` from 100 to 80 KB of scripts as Chromium transfers them).
 */
export function Dialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** What takes focus on opening (the chosen item of a list); by default the first control. */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useT(controlMessages);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { open, initialFocus } = props;
  // The latest handler, read by the native listeners without re-opening the dialog.
  const onOpenChange = useRef(props.onOpenChange);
  useEffect(() => {
    onOpenChange.current = props.onOpenChange;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const scroll = document.documentElement.style.overflow;
    if (!dialog.open) dialog.showModal();
    document.documentElement.style.overflow = 'hidden';
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      document.documentElement.style.overflow = scroll;
      // Back to what opened it (a header button), unless the closing moved focus on purpose.
      if (
        before?.isConnected &&
        (document.activeElement === document.body || dialog.contains(document.activeElement))
      )
        before.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the dialog itself takes Escape and a backdrop click, as a modal must
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      {...(props.description ? { 'aria-describedby': descriptionId } : {})}
      // Escape: the owner decides (it unmounts or keeps the dialog); the element must not close itself.
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange.current(false);
      }}
      // A search field consumes Escape (it clears itself) so no cancel event follows: handle the
      // key here too; preventing its default leaves no second close request behind.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onOpenChange.current(false);
      }}
      // The dialog element has no padding, so a click on it and not its content is on the backdrop;
      // the keyboard's way to the same is Escape (onCancel above).
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange.current(false);
      }}
      className={cn(
        'm-auto max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-950/50 backdrop:backdrop-blur-[2px] focus:outline-none',
        props.className,
      )}
    >
      <div className="relative p-6">
        <h2 id={titleId} className="pr-8 text-xl font-bold text-slate-900">
          {props.title}
        </h2>
        {props.description && (
          <p id={descriptionId} className="mt-2 text-sm text-slate-600">
            {props.description}
          </p>
        )}
        <div className="mt-4">{props.children}</div>
        <button
          type="button"
          onClick={() => onOpenChange.current(false)}
          className="absolute right-4 top-4 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          aria-label={t.close}
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>
    </dialog>
  );
}
