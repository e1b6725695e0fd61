import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrustLevel } from '#shared/catch-trust';

/** The colour of each level: trusted ones quiet, the ones default views leave out warm (decision 0039). */
const COLOURS: Record<TrustLevel, string> = {
  verified: 'teal',
  established: 'gray',
  probation: 'yellow',
  flagged: 'red',
};

/**
 * A catch's trust level in the logs (issue 24): every listed catch shows it, so a player sees their own new catch at
 * once and why the heat map and the bait guide do not count it yet. A tooltip on hover says what the level means (the
 * badge is no control: it stays out of the table's focus order). Shared UI: the console's catches show it too.
 */
export function TrustBadge({ level }: { level: TrustLevel }) {
  const { t } = useTranslation('logs');
  return (
    <Tooltip label={t(`trust.${level}Help`)} multiline w={260} withArrow>
      <Badge size="sm" variant="light" color={COLOURS[level]} data-testid="trust-badge">
        {t(`trust.${level}`)}
      </Badge>
    </Tooltip>
  );
}
