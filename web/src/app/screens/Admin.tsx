import { AdminPage } from '../../features/admin';
import { RateSchemePanel } from '../../features/rates';

/** Administration, with the agency's default rate scheme under Settings. */
export function Admin() {
  return <AdminPage rateScheme={<RateSchemePanel owner={null} />} />;
}
