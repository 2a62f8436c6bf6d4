import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { cn } from '@/client/lib/cn';
import { useT } from '@/client/lib/i18n';
import { controlMessages } from '@/shared/i18n/messages/controls';

/** Modal dialog with focus trap, Escape to close and a labelled close button (Radix). */
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
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none',
            props.className,
          )}
          {...(props.description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            const target = props.initialFocus?.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <RadixDialog.Title className="pr-8 text-xl font-bold text-slate-900">
            {props.title}
          </RadixDialog.Title>
          {props.description && (
            <RadixDialog.Description className="mt-2 text-sm text-slate-600">
              {props.description}
            </RadixDialog.Description>
          )}
          <div className="mt-4">{props.children}</div>
          <RadixDialog.Close
            className="absolute right-4 top-4 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label={t.close}
          >
            <X className="size-5" aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
