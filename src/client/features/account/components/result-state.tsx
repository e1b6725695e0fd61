import { EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';

interface ResultStateProps {
  icon: Icon;
  color: string;
  title: string;
  description?: ReactNode;
  /** Links or buttons: what to do next. */
  children?: ReactNode;
  /** 'alert' for failures, so screen readers announce them; 'status' for outcomes. */
  role?: 'alert' | 'status';
  /**
   * Move focus to the title when shown: for a result that replaces the form just sent, so keyboard and screen-reader
   * users are not left on a button that no longer exists.
   */
  takeFocus?: boolean;
}

/** The outcome of an e-mailed link or a sent form (success, 'Link Error', already verified), with the way on. */
export function ResultState({
  icon: IconComponent,
  color,
  title,
  description,
  children,
  role,
  takeFocus,
}: ResultStateProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) titleRef.current?.focus();
  }, [takeFocus]);
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
        {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
