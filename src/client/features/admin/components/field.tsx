/** One labelled value of a console detail panel (a user's, a logger's): the label small above, long values wrapped. */
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}
