// A property's overview (SPEC §2 property/{propertyId}/overview): its details and areas, and how
// many devices of each type it has. Composed here because the two come from different features,
// which do not import each other.
import { PropertyDeviceCounts } from '../../features/devices/components/property-device-counts';
import PropertyOverviewScreen from '../../features/properties/screens/property-overview-screen';

export default function PropertyOverviewRoute() {
  return (
    <PropertyOverviewScreen sections={(property) => <PropertyDeviceCounts property={property} />} />
  );
}
