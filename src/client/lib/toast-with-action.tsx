import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** A toast's text with a button under it, for a toast that offers something to do (e.g. reload for a new version). */
export function ToastWithAction({ action, children }: { action: ToastAction; children?: ReactNode }) {
  return (
    <Stack gap="xs" align="flex-start">
      {children}
      <Button size="xs" variant="light" onClick={action.onClick}>
        {action.label}
      </Button>
    </Stack>
  );
}
