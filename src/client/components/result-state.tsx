import { EmptyState, Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';

interface ResultStateProps {
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
  /**
   * Move focus to the title when shown: for a result that replaces what the user was looking at (the form just sent,
   * the order waited on), so keyboard and screen-reader users are not left on something that no longer exists.
   */
  takeFocus?: boolean;
  /** A wider column with room for block content (a payment's activation key); else the width of a form. */
  wide?: boolean;
  testId?: string;
}

const LAYOUT = {
  form: { py: { base: 32, sm: 44 }, maw: 480, actionsGap: undefined },
  wide: { py: { base: 28, sm: 40 }, maw: 560, actionsGap: 'xs' },
} as const;

/**
 * The outcome of something the user did or followed (an e-mailed link, a sent form, a payment), or why it cannot be
 * shown, with the way on.
 */
export function ResultState({
  icon: IconComponent,
  color,
  title,
  description,
  extra,
  children,
  role,
  takeFocus,
  wide,
  testId,
}: ResultStateProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) titleRef.current?.focus();
  }, [takeFocus, title]);
  const layout = wide ? LAYOUT.wide : LAYOUT.form;
  return (
    <Paper withBorder radius="lg" px={{ base: 'md', sm: 'xl' }} py={layout.py} role={role} data-testid={testId}>
      <EmptyState
        size="md"
        variant="light"
        color={color}
        icon={<IconComponent size={30} stroke={1.6} aria-hidden />}
        maw={layout.maw}
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
          <EmptyState.Actions mt={layout.actionsGap} style={{ justifyContent: 'center' }}>
            {children}
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
}
