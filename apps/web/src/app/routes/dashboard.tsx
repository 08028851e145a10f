// The dashboard (SPEC §2 ''): the greeting, the user's properties at a glance, and those that need
// attention (a device offline, a possible leak). Composed here because they come from different
// features, which do not import each other. The properties needing attention come last: they
// appear only when there are some, and below what is already shown they move nothing (CLS, W8).
import { Stack } from '@mantine/core';
import { PropertiesNeedingAttention } from '../../features/alerts/components/properties-needing-attention';
import { DashboardGreeting } from '../../features/dashboard/dashboard-greeting';
import { PropertyGlance } from '../../features/properties/components/property-glance';

export default function DashboardScreen() {
  return (
    <Stack gap="xl">
      <DashboardGreeting />
      <PropertyGlance />
      <PropertiesNeedingAttention />
    </Stack>
  );
}
