import { Badge, Group, Text } from '@mantine/core';

/** "Type [Live bait]": a bait's type under its name (the bait list's cards, a log's bait info). */
export function BaitTypeLine({ label, typeName }: { label: string; typeName: string }) {
  return (
    <Group gap={6} mt={2}>
      <Text size="xs" c="dimmed" component="span">
        {label}
      </Text>
      <Badge variant="light" size="sm" radius="sm" style={{ textTransform: 'none' }}>
        {typeName}
      </Badge>
    </Group>
  );
}
