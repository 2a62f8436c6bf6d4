import { useParams, useSearch } from 'wouter';
import { QuotePage as QuoteDetailsPage } from '@/client/features/quotes/quote-page';

/** /quotes/:number?token=…: a quote's page, opened from its email or right after asking for it. */
export function QuotePage() {
  const { number = '' } = useParams<{ number: string }>();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <QuoteDetailsPage number={decodeURIComponent(number)} token={token} />;
}
