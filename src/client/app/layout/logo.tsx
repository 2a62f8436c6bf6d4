/** `narrowIcon`: below 360 px only the mark shows, so the header row fits a 320 px phone. */
export function Logo({ inverted = false, narrowIcon = false }: { inverted?: boolean; narrowIcon?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : '#1e3a8a'} />
        <path d="M9 8h8.5a5 5 0 0 1 2.6 9.3A5.2 5.2 0 0 1 17.8 25H9z" fill={inverted ? '#1e3a8a' : '#fff'} />
        <path
          d="M13 12v3.5h4a1.75 1.75 0 0 0 0-3.5zm0 7v3h4.3a1.5 1.5 0 0 0 0-3z"
          fill={inverted ? '#fff' : '#1e3a8a'}
        />
        <circle cx="24" cy="9" r="3" fill="#f59e0b" />
      </svg>
      <span
        className={`text-xl font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'} ${narrowIcon ? 'max-[359px]:hidden' : ''}`}
      >
        Bulk<span className={inverted ? 'text-accent-400' : 'text-brand-700'}>Print</span>
      </span>
    </span>
  );
}
