import { Box, SimpleGrid, type SimpleGridProps, Skeleton, VisuallyHidden } from '@mantine/core';

interface ListSkeletonProps {
  /** Read by screen readers in place of the grey boxes. */
  label: string;
  /** The columns of the list it stands in for, so the page does not jump when the items arrive. */
  cols: SimpleGridProps['cols'];
  count: number;
  /** Height of one placeholder card, in px. */
  height: number;
}

/** Grey placeholder cards in the list's grid while its items load. */
export function ListSkeleton({ label, cols, count, height }: ListSkeletonProps) {
  return (
    <Box aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <SimpleGrid cols={cols} spacing="sm">
        {Array.from({ length: count }, (_, index) => (
          <Skeleton key={index} h={height} radius="md" />
        ))}
      </SimpleGrid>
    </Box>
  );
}
