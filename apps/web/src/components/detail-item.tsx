// One labelled value of a details list (a property's details, a profile, later a device's): long
// values such as e-mail addresses wrap instead of widening a phone's screen.
import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';
import { BREAK_LONG_WORDS } from './text-styles';

export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={BREAK_LONG_WORDS}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
