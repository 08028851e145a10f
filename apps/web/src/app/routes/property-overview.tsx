// A property's overview (SPEC §2 property/{propertyId}/overview): its details and areas, its alerts
// (gateways and meters offline, possible leaks), its energy (this month against last year, its
// energy class, the ways into the energy views), and how many devices of each type it has.
// Composed here because they come from different features, which do not import each other.
import { PropertyAlertsSection } from '../../features/alerts/components/property-alerts-section';
import { PropertyDeviceCounts } from '../../features/devices/components/property-device-counts';
import { PropertyEnergySection } from '../../features/energy/components/property-energy-section';
import PropertyOverviewScreen from '../../features/properties/screens/property-overview-screen';

export default function PropertyOverviewRoute() {
  return (
    <PropertyOverviewScreen
      sections={(property) => (
        <>
          <PropertyAlertsSection property={property} />
          <PropertyEnergySection property={property} />
          <PropertyDeviceCounts property={property} />
        </>
      )}
    />
  );
}
