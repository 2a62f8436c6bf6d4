import { useId, useState } from 'react';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { Button } from '@/client/components/ui/button';
import { inputClass } from '@/client/components/ui/field';
import { useT } from '@/client/lib/i18n';

/** A link shown once, to copy: the share link, the organiser's, a member's edit link. */
export function CopyLink({
  label,
  hint,
  url,
  testId,
}: {
  label: string;
  hint?: string;
  url: string;
  testId: string;
}) {
  const t = useT(groupOrderMessages);
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-6">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <input
          id={id}
          readOnly
          value={url}
          className={inputClass}
          data-testid={testId}
          onFocus={(e) => e.target.select()}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? t.copied : t.copy}
        </Button>
      </div>
      {hint && <p className="mt-1.5 text-sm text-slate-600">{hint}</p>}
    </div>
  );
}
