import { AdminPage } from '../../features/admin';
import { QuoteTermsPanel } from '../../features/quotes';
import { RateSchemePanel } from '../../features/rates';
import { SiteChecksPanel } from '../../features/sites';

/** Administration, with the agency's default rate scheme, quote terms and schedule of site
 * checks under Settings. */
export function Admin() {
  return (
    <AdminPage
      rateScheme={<RateSchemePanel owner={null} />}
      quoteTerms={<QuoteTermsPanel />}
      siteChecks={<SiteChecksPanel />}
    />
  );
}
