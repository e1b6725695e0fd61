import { ActionIcon, Code, Group } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';

const COPIED_MS = 2000;

/**
 * An order's partner activation key with its copy button. The button turns into a tick for a moment and a toast
 * says it worked (a changed label alone is not announced); without clipboard access (an insecure page, a refusal)
 * the toast says to copy it by hand. The key is long: it wraps rather than widening its row.
 */
export function ActivationKey({ value, size = 'sm' }: { value: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('vip');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t('key.copiedToast'), undefined, { id: 'activation-key-copied' });
    } catch {
      toast.error(t('key.copyFailed'), undefined, { id: 'activation-key-copied' });
    }
  };

  const label = copied ? t('key.copied') : t('key.copy');
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Code
        fz={size}
        px="xs"
        py={4}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'normal', minWidth: 0 }}
        data-testid="activation-key"
      >
        {value}
      </Code>
      <ActionIcon
        variant="default"
        size={size === 'md' ? 'lg' : 'md'}
        onClick={() => void copy()}
        aria-label={label}
        title={label}
        style={{ flexShrink: 0 }}
      >
        {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}
