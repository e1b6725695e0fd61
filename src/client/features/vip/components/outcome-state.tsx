import { EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';

interface OutcomeStateProps {
  icon: Icon;
  color: string;
  title: string;
  description?: ReactNode;
  /** Block content under the description (the description itself is a paragraph). */
  extra?: ReactNode;
  /** Links or buttons: what to do next. */
  children?: ReactNode;
  /** 'alert' for failures, so screen readers announce them; 'status' for outcomes. */
  role?: 'alert' | 'status';
  /** Move focus to the title when shown: the outcome replaces what the user was looking at (or waiting on). */
  takeFocus?: boolean;
  testId?: string;
}

/** A payment's outcome or an order that cannot be shown, with the way on. */
export function OutcomeState({
  icon: IconComponent,
  color,
  title,
  description,
  extra,
  children,
  role,
  takeFocus,
  testId,
}: OutcomeStateProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) titleRef.current?.focus();
  }, [takeFocus, title]);
  return (
    <Paper
      withBorder
      radius="lg"
      px={{ base: 'md', sm: 'xl' }}
      py={{ base: 28, sm: 40 }}
      role={role}
      data-testid={testId}
    >
      <EmptyState
        size="md"
        variant="light"
        color={color}
        icon={<IconComponent size={30} stroke={1.6} aria-hidden />}
        maw={560}
        mx="auto"
      >
        {/* Focused only to be read out, not a control: no focus ring that would make it look like one. */}
        <EmptyState.Title
          order={2}
          ref={titleRef}
          tabIndex={takeFocus ? -1 : undefined}
          style={takeFocus ? { outline: 'none' } : undefined}
        >
          {title}
        </EmptyState.Title>
        {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        {extra}
        {/* Centred like the rest: Mantine's actions row starts at the left, which shows once the buttons wrap. */}
        {children ? (
          <EmptyState.Actions mt="xs" style={{ justifyContent: 'center' }}>
            {children}
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
}
