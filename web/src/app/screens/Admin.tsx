import { AdminPage } from '../../features/admin';
import { QuoteTermsPanel } from '../../features/quotes';
import { RateSchemePanel } from '../../features/rates';

/** Administration, with the agency's default rate scheme and quote terms under Settings. */
export function Admin() {
  return <AdminPage rateScheme={<RateSchemePanel owner={null} />} quoteTerms={<QuoteTermsPanel />} />;
}
