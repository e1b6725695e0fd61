import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import zh from '../../../locales/zh/common.json';
import type { BaitItem } from '#shared/contracts/catalogue';
import { BAITS } from '../../../test/fixtures/catalogue';
import { renderRoute } from '../../../test/render-route';
import { BaitCard } from './bait-card';

beforeAll(async () => {
  await initI18n('zh');
  await i18n.loadNamespaces('baits');
});

/** The worm, as the catalogue answers it with the patch it was new in (`new_in`). */
const worm = (newIn: string | null) => ({ ...BAITS[0]!, new_in: newIn }) as BaitItem;
/** A card on a page of the bait list (its name is a link, which needs a router). */
const renderCard = (card: React.ReactElement, url = '/query/baits') => renderRoute(card, { path: '*', url });

describe('BaitCard', () => {
  it('says "new in <patch>" for a bait the live patch added', async () => {
    renderCard(<BaitCard bait={worm('1.0.23')} name="蚯蚓" typeName="活饵" lang="zh" />);
    expect(await screen.findByText(zh.catalogue.newIn.replace('{{patch}}', '1.0.23'))).toBeTruthy();
  });

  it('says nothing of the sort for an older bait', async () => {
    renderCard(<BaitCard bait={worm(null)} name="蚯蚓" typeName="活饵" lang="zh" />);
    await screen.findByText('蚯蚓');
    expect(screen.queryByTestId('new-in-badge')).toBeNull();
  });

  it("links its name to the bait's page, in the page's language, its name's slug after the id", async () => {
    const bait = worm(null);
    const { unmount } = renderCard(<BaitCard bait={bait} name="蚯蚓" typeName="活饵" lang="zh" />);
    const link = await screen.findByRole('link', { name: '蚯蚓' });
    expect(link.getAttribute('href')).toBe(`/query/baits/${bait.id}-蚯蚓`);
    expect(link.closest('h2')).toBeTruthy();
    unmount();
    renderCard(<BaitCard bait={bait} name="Worm" typeName="Live bait" lang="en" />, '/en/query/baits');
    expect((await screen.findByRole('link', { name: 'Worm' })).getAttribute('href')).toBe(
      `/en/query/baits/${bait.id}-worm`,
    );
  });
});
