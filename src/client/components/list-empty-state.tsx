import { Anchor, Button, EmptyState, Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

interface ListEmptyStateProps {
  icon: Icon;
  title: string;
  description?: string;
  /** A button that clears the filters; leave it out when nothing is filtered. */
  clear?: { label: string; onClick: () => void };
  /** What would widen the result, each one click ("search every letter", "match anywhere"): shown before `clear`. */
  offers?: { label: string; onClick: () => void }[];
  /** "Did you mean": close spellings, each a link that runs the corrected search. */
  didYouMean?: { label: string; links: { text: string; to: string }[] };
}

/** What a list shows instead of its items when there are none (or none that match the filters). */
export function ListEmptyState({
  icon: IconComponent,
  title,
  description,
  clear,
  offers = [],
  didYouMean,
}: ListEmptyStateProps) {
  const suggested = didYouMean && didYouMean.links.length > 0 ? didYouMean : null;
  return (
    <EmptyState
      py="xl"
      icon={<IconComponent size={32} aria-hidden />}
      withIndicatorBackground
      title={title}
      description={description}
    >
      {suggested && (
        <Group gap="xs" justify="center" mt="sm" data-testid="did-you-mean">
          <Text size="sm">{suggested.label}</Text>
          {suggested.links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm" fw={600}>
              {link.text}
            </Anchor>
          ))}
        </Group>
      )}
      {(offers.length > 0 || clear) && (
        <EmptyState.Actions>
          {offers.map((offer) => (
            <Button key={offer.label} variant="light" onClick={offer.onClick}>
              {offer.label}
            </Button>
          ))}
          {clear && (
            <Button variant="default" onClick={clear.onClick}>
              {clear.label}
            </Button>
          )}
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
