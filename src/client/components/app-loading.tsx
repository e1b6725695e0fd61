import { Center, Loader } from '@mantine/core';

/**
 * Shown while the first page module (or a page's translations) loads. The spinner fades in after a moment, so a fast
 * load shows nothing rather than a flash. No text: this can render before any translation is available.
 */
export function AppLoading({ minHeight = '60vh' }: { minHeight?: string }) {
  return (
    <Center mih={minHeight} role="status" aria-busy="true">
      <Loader size="md" type="dots" style={{ animation: 'anglerdex-fade-in 200ms 300ms both' }} />
    </Center>
  );
}
