// A property's usage estimate (SPEC §2 property/{propertyId}/usage) with its prices below it, which
// a site manager changes there: composed here because prices are a feature of their own, which the
// energy feature does not import.
import UsageScreen from '../../features/energy/screens/usage-screen';
import { PricesSection } from '../../features/prices/components/prices-section';

export default function PropertyUsageRoute() {
  return <UsageScreen pricesSection={(property) => <PricesSection property={property} />} />;
}
