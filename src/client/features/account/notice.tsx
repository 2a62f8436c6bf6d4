/** What a section of the account says after an action: done (status) or refused (alert). */
export type Notice = { kind: 'ok' | 'error'; text: string } | undefined;

export function NoticeText({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p
      role={notice.kind === 'ok' ? 'status' : 'alert'}
      className={`mt-4 rounded-xl border p-3 text-sm ${
        notice.kind === 'ok'
          ? 'border-emerald-200 bg-emerald-50 text-emerald-950'
          : 'border-red-200 bg-red-50 text-red-900'
      }`}
    >
      {notice.text}
    </p>
  );
}
