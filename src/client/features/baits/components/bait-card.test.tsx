import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import zh from '../../../locales/zh/common.json';
import type { BaitItem } from '#shared/contracts/catalogue';
import { BAITS } from '../../../test/fixtures/catalogue';
import { renderUi } from '../../../test/render-route';
import { BaitCard } from './bait-card';

beforeAll(async () => {
  await initI18n('zh');
  await i18n.loadNamespaces('baits');
});

/** The worm, as the catalogue answers it with the patch it was new in (`new_in`). */
const worm = (newIn: string | null) => ({ ...BAITS[0]!, new_in: newIn }) as BaitItem;

describe('BaitCard', () => {
  it('says "new in <patch>" for a bait the live patch added', async () => {
    renderUi(<BaitCard bait={worm('1.0.23')} name="蚯蚓" typeName="活饵" lang="zh" />);
    expect(await screen.findByText(zh.catalogue.newIn.replace('{{patch}}', '1.0.23'))).toBeTruthy();
  });

  it('says nothing of the sort for an older bait', async () => {
    renderUi(<BaitCard bait={worm(null)} name="蚯蚓" typeName="活饵" lang="zh" />);
    await screen.findByText('蚯蚓');
    expect(screen.queryByTestId('new-in-badge')).toBeNull();
  });
});
