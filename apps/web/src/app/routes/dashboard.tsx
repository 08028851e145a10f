// The dashboard (SPEC §2 ''): the greeting, then the user's properties at a glance. Composed
// here because the two come from different features, which do not import each other.
import { Stack } from '@mantine/core';
import { DashboardGreeting } from '../../features/dashboard/dashboard-greeting';
import { PropertyGlance } from '../../features/properties/components/property-glance';

export default function DashboardScreen() {
  return (
    <Stack gap="xl">
      <DashboardGreeting />
      <PropertyGlance />
    </Stack>
  );
}
