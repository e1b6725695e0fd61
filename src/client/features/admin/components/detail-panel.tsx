import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The item chosen in a `SearchList` (a user, a logger): a region named by its title, with a line under the title and
 * a close button. Where the list and the panel are stacked (below lg), the chosen item comes into view.
 */
export function DetailPanel({
  itemKey,
  titleId,
  title,
  subtitle,
  closeLabel,
  onClose,
  testId,
  children,
}: {
  /** Which item is shown: a new one scrolls the panel into view. */
  itemKey: string;
  titleId: string;
  title: ReactNode;
  subtitle: ReactNode;
  closeLabel: string;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.matchMedia?.('(max-width: 74.99em)').matches) panel.current?.scrollIntoView({ block: 'start' });
  }, [itemKey]);
  return (
    <Paper
      ref={panel}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={titleId}
      style={{ scrollMarginTop: 72 }}
      data-testid={testId}
    >
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {subtitle}
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={onClose} style={{ flexShrink: 0 }}>
          {closeLabel}
        </Button>
      </Group>
      {children}
    </Paper>
  );
}
