import { Button, EmptyState } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface ListEmptyStateProps {
  icon: Icon;
  title: string;
  description?: string;
  /** A button that clears the filters; leave it out when nothing is filtered. */
  clear?: { label: string; onClick: () => void };
}

/** What a list shows instead of its items when there are none (or none that match the filters). */
export function ListEmptyState({ icon: IconComponent, title, description, clear }: ListEmptyStateProps) {
  return (
    <EmptyState
      py="xl"
      icon={<IconComponent size={32} aria-hidden />}
      withIndicatorBackground
      title={title}
      description={description}
    >
      {clear && (
        <EmptyState.Actions>
          <Button variant="default" onClick={clear.onClick}>
            {clear.label}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
