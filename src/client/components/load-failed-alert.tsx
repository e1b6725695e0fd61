import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

interface LoadFailedAlertProps {
  title: string;
  retryLabel: string;
  onRetry: () => void;
}

/**
 * A list's load-failed state (docs/product-requirements.md §8: 'Load failed, please try again') with a retry button.
 */
export function LoadFailedAlert({ title, retryLabel, onRetry }: LoadFailedAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title} role="alert">
      <Button mt="xs" size="sm" variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
