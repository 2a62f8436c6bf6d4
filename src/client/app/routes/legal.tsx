import { legalDocument, type LegalDocumentId } from '@/shared/legal';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { formatKrDecimal } from '@/shared/money-format';
import { useLocale, useT } from '@/client/lib/i18n';
import { useShopContact } from '@/client/lib/shop-contact';

/** Terms of purchase or the privacy policy: one document, its sections linkable by anchor. */
function LegalPage({ id }: { id: LegalDocumentId }) {
  const { locale } = useLocale();
  const doc = legalDocument(id, locale);
  const t = useT(layoutMessages);
  const contact = useShopContact();
  const late = useT(reminderMessages);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{doc.title}</h1>
      <p className="mt-3 text-lg text-slate-600">{doc.intro}</p>
      {contact && (
        <p className="mt-3 text-sm text-slate-600" data-testid="legal-seller">
          {t.seller(contact)} · {contact.email}
        </p>
      )}
      <nav aria-label={doc.title} className="mt-8 rounded-2xl bg-slate-50 p-5">
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-800 underline-offset-2 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="mt-10 scroll-mt-24"
          aria-labelledby={`${section.id}-heading`}
        >
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
          {/* Late payment: what a reminder costs, from the shop's settings (lag 1981:739). */}
          {id === 'terms' && section.id === 'payment' && contact && (
            <p className="mt-3 leading-relaxed text-slate-700" data-testid="terms-late-payment">
              {late.termsCompanies}{' '}
              {contact.individualReminderFee
                ? late.termsIndividualFee({ fee: formatKrDecimal(contact.individualReminderFee) })
                : late.termsIndividualNoFee}
            </p>
          )}
        </section>
      ))}
    </main>
  );
}

export function TermsPage() {
  return <LegalPage id="terms" />;
}

export function PrivacyPage() {
  return <LegalPage id="privacy" />;
}
