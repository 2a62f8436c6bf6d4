import { useEffect, useId, useRef } from 'react';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { Button } from '@/client/components/ui/button';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';

/** A 10-digit PIN read like a phone number (3 3 4); shorter or other PINs as they are. */
function groupsOf(pin: string): string[] {
  if (pin.length !== 10) return [pin];
  return [pin.slice(0, 3), pin.slice(3, 6), pin.slice(6)];
}

/**
 * A PIN the shop just made, shown once: large, in groups that are easy to read out, copied as one
 * run of digits (the groups are spaced by layout, not by characters) and with a copy button. The
 * server keeps only its hash, so closing this is the last time anyone sees it.
 */
export function IssuedPinNotice(props: { heading: string; note: string; pin: string; onDone: () => void }) {
  const t = useT(staffMessages);
  const headingId = useId();
  const region = useRef<HTMLDivElement>(null);
  // Focus moves here, so a screen reader reads the PIN's heading and the keyboard is next to Done.
  useEffect(() => region.current?.focus(), []);
  const copy = () => {
    navigator.clipboard.writeText(props.pin).then(
      () => notify.success(t.pinCopied),
      // No clipboard (an insecure origin, a refusal): the digits stay on screen to select by hand.
      () => undefined,
    );
  };
  return (
    <div
      ref={region}
      tabIndex={-1}
      role="region"
      aria-labelledby={headingId}
      data-testid="issued-pin-notice"
      className="rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4 outline-none focus-visible:ring-2 focus-visible:ring-emerald-700"
    >
      <h3 id={headingId} className="text-base font-bold text-slate-900">
        {props.heading}
      </h3>
      <p
        data-testid="issued-pin"
        className="mt-2 font-mono text-3xl font-bold tracking-widest break-all text-slate-900 select-all"
      >
        {/* Inline groups spaced by margin: a copy (or a selection) is the digits alone. */}
        {groupsOf(props.pin).map((group, index) => (
          <span key={index} className="mr-[0.5em] last:mr-0">
            {group}
          </span>
        ))}
      </p>
      <p className="mt-2 text-sm text-slate-800">{props.note}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="secondary" onClick={copy}>
          {t.copyPin}
        </Button>
        <Button type="button" size="sm" onClick={props.onDone}>
          {t.done}
        </Button>
      </div>
    </div>
  );
}
