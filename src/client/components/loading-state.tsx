import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page waiting for what it shows: a spinner and a line saying what it waits for, announced as a status. */
export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" role="status">
        <Loader size="md" aria-hidden />
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Center>
  );
}
