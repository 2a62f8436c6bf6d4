import { useParams, useSearch } from 'wouter';
import { ClaimForCompany } from '@/client/features/account/claim-for-company';
import { QuotePage as QuoteDetailsPage } from '@/client/features/quotes/quote-page';

/** /quotes/:number?token=…: a quote's page, opened from its email or right after asking for it. */
export function QuotePage() {
  const { number = '' } = useParams<{ number: string }>();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const quoteNumber = decodeURIComponent(number);
  return (
    <QuoteDetailsPage
      number={quoteNumber}
      token={token}
      aside={<ClaimForCompany kind="quote" number={quoteNumber} token={token} className="mt-6" />}
    />
  );
}
