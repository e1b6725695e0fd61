import { Box, Container, Group, Text, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageMeta, type PageMeta } from '../lib/page-meta';

interface PageFrameProps {
  /** The page's localised title: the h1 and the browser tab ("<title> · Anglerdex"). */
  title: string;
  /** A short line under the title. */
  description?: ReactNode;
  /** Buttons or filters beside the title. */
  actions?: ReactNode;
  /** Container width; wide pages (maps, tables) pass "xl" or "100%". */
  size?: ContainerProps['size'];
  children?: ReactNode;
  /** What the page says of itself beyond its title (description, picture, breadcrumbs, noindex, status; issue 23). */
  meta?: Omit<PageMeta, 'title'>;
}

/** The frame every route renders: one h1, the page's meta (the document title among them), consistent spacing at phone and desktop widths. */
export function PageFrame({ title, description, actions, size = 'lg', children, meta }: PageFrameProps) {
  usePageMeta({ ...meta, title });
  return (
    <Container size={size} px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" gap="md" mb={{ base: 'md', sm: 'lg' }}>
        <Box miw={0}>
          <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.25}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" mt={6} fz={{ base: 'sm', sm: 'md' }}>
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {children}
    </Container>
  );
}
