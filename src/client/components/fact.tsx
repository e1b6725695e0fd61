import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled figure of a summary (a sample size, a window): a small caption over the value, digits aligned. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Stack>
  );
}
