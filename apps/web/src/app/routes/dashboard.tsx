// The dashboard (SPEC §2 ''): the greeting, the user's properties at a glance, and those that need
// attention (a device offline, a possible leak). Composed here because they come from different
// features, which do not import each other. The properties needing attention come last: they
// appear only when there are some, and below what is already shown they move nothing (CLS, W8).
// Each card shows its property's energy (class, this month's change), all of them from one call
// made once the cards are there, in space the cards keep for it from the start.
import { Stack } from '@mantine/core';
import { PropertiesNeedingAttention } from '../../features/alerts/components/properties-needing-attention';
import { DashboardGreeting } from '../../features/dashboard/dashboard-greeting';
import {
  ENERGY_GLANCE_HEIGHT,
  PropertyEnergyGlance,
} from '../../features/energy/components/property-energy-glance';
import {
  type PropertyCardSection,
  PropertyGlance,
} from '../../features/properties/components/property-glance';

const energyOfCard: PropertyCardSection = (property, shownIds) => (
  <PropertyEnergyGlance propertyId={property.id} propertyIds={shownIds} />
);

export default function DashboardScreen() {
  return (
    <Stack gap="xl">
      <DashboardGreeting />
      <PropertyGlance cardSection={energyOfCard} cardSectionHeight={ENERGY_GLANCE_HEIGHT} />
      <PropertiesNeedingAttention />
    </Stack>
  );
}
