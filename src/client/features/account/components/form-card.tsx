import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card the account forms sit in: full width on phones, a calm narrow column on wider screens. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      {children}
    </Paper>
  );
}
