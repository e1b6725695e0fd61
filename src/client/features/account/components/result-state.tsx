import { EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ResultStateProps {
  icon: Icon;
  color: string;
  title: string;
  description?: ReactNode;
  /** Links or buttons: what to do next. */
  children?: ReactNode;
  /** 'alert' for failures, so screen readers announce them; 'status' for outcomes. */
  role?: 'alert' | 'status';
}

/** The outcome of an e-mailed link or a sent form (success, 'Link Error', already verified), with the way on. */
export function ResultState({ icon: IconComponent, color, title, description, children, role }: ResultStateProps) {
  return (
    <Paper withBorder radius="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 32, sm: 44 }} role={role}>
      <EmptyState
        size="md"
        variant="light"
        color={color}
        icon={<IconComponent size={30} stroke={1.6} aria-hidden />}
        maw={480}
        mx="auto"
      >
        <EmptyState.Title order={2}>{title}</EmptyState.Title>
        {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
