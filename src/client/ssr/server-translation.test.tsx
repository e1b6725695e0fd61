/**
 * The server render's `useTranslation` (server-translation.ts) says what react-i18next's own hook says, in every
 * language and namespace form the app uses, so a server-rendered page hydrates without a mismatch; and it reports
 * the namespaces a render used, which the page's data lists for the browser to load first.
 */
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation as browserHook } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';
import { i18n, initI18n } from '../lib/i18n';
import { useTranslation as serverHook } from './server-translation';

type Hook = typeof serverHook;

function Probe({ hook }: { hook: Hook }) {
  const [common] = hook();
  const { t: fish } = hook(['fish', 'fishes']);
  const { t: prefixed } = hook('fish', { keyPrefix: 'baits' });
  return (
    <p>
      {common('nav.more')}|{fish('back')}|{fish('fishes:title')}|{prefixed('title')}|
      {fish('baits.catches', { count: 3, formatted: '3' })}
    </p>
  );
}

const render = (hook: Hook) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <Probe hook={hook} />
    </I18nextProvider>,
  );

beforeAll(async () => {
  await initI18n('zh');
  await i18n.reloadResources([...LOCALES], ['common', 'fish', 'fishes']);
});

describe("the server render's useTranslation", () => {
  it.each(LOCALES)('translates as the browser hook does in %s', async (locale) => {
    await i18n.changeLanguage(locale);
    const server = render(serverHook);

    expect(server).toBe(render(browserHook as unknown as Hook));
    // Texts, not keys: the namespaces were found.
    expect(server).not.toMatch(/nav\.more|fishes:title|baits\.catches/);
  });

  it('reports the namespaces a render used', async () => {
    await i18n.changeLanguage('en');
    // The first render makes the record when the instance has none (as it may in the server render's bundle).
    render(serverHook);
    const reported = (i18n as unknown as { reportNamespaces: { usedNamespaces: Record<string, boolean> } })
      .reportNamespaces;
    reported.usedNamespaces = {};

    render(serverHook);

    expect(Object.keys(reported.usedNamespaces).sort()).toEqual(['common', 'fish', 'fishes']);
  });
});
