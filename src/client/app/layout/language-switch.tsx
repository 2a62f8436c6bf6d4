import { layoutMessages } from '@/shared/i18n/messages/layout';
import { localeNames, otherLocales } from '@/shared/i18n/locale';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';

/**
 * A button for each other language (today one: English or Svenska), named in that language. A
 * language added to `locales` gets its button here with no change.
 */
export function LanguageSwitch({ className, long = false }: { className?: string; long?: boolean }) {
  const { locale, setLocale } = useLocale();
  const t = useT(layoutMessages);
  return otherLocales(locale).map((next) => (
    <button
      key={next}
      type="button"
      lang={next}
      onClick={() => setLocale(next)}
      title={`${t.switchLanguage}: ${localeNames[next]}`}
      className={cn(
        'flex h-10 items-center justify-center rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      {long ? (
        localeNames[next]
      ) : (
        <>
          <span aria-hidden>{next.toUpperCase()}</span>
          <span className="sr-only">{localeNames[next]}</span>
        </>
      )}
    </button>
  ));
}
