import { countryCodes, countryNameIn } from '@/shared/countries';
import { useLocale } from '@/client/lib/i18n';

/** The countries the shop delivers to, as a select's options named in the reader's language. */
export function CountryOptions() {
  const { locale } = useLocale();
  return (
    <>
      {countryCodes.map((code) => (
        <option key={code} value={code}>
          {countryNameIn(locale, code) ?? code}
        </option>
      ))}
    </>
  );
}
