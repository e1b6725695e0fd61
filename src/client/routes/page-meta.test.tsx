/**
 * What every page says about itself (issue 23): each public page a description of its own in each language and its
 * breadcrumbs, the bait guide and a bait's page naming what they show, every account, admin and private page noindex,
 * the failure page its status even in a server render (no navigator there), and in the browser the tab's title and
 * the description following navigation. A server render records the last meta declared; so does the collector here.
 */
import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, localePath, type Locale } from '#shared/locales';
import {
  BAIT_PAGE_ROUTE,
  baitPagePath,
  COLLECTION_PAGE_ROUTE,
  collectionPagePath,
  PAGE_PATHS,
  type PageKey,
} from '#shared/pages';
import { ErrorPage } from '../components/error-page';
import { theme } from '../components/theme';
import { loadBaseConfig, resetBaseConfig } from '../lib/base-config';
import { i18n, initI18n } from '../lib/i18n';
import { PageMetaContext, type PageMeta } from '../lib/page-meta';
import { clearSession, setSession } from '../lib/session';
import { SUPERUSER } from '../test/fixtures/catalogue-admin';
import { BAITS, CATEGORY_LIST, FISH } from '../test/fixtures/catalogue';
import { fakeApi, json } from '../test/fake-api';
import { renderApp, renderRoute } from '../test/render-route';
import { Component as AdminCataloguePage } from './admin-catalogue-page';
import { Component as AdminOverviewPage } from './admin-overview-page';
import { Component as AdminUsersPage } from './admin-users-page';
import { Component as AdminCatchesPage } from './admin-catches-page';
import { Component as AdminRecordsPage } from './admin-records-page';
import { Component as AdminAiQuestionsPage } from './admin-ai-questions-page';
import { Component as AdminAuditPage } from './admin-audit-page';
import { Component as AdminLoggersPage } from './admin-loggers-page';
import { Component as AiChatPage } from './ai-chat-page';
import { Component as AlertsPage } from './alerts-page';
import { Component as AlertsUnsubscribePage } from './alerts-unsubscribe-page';
import { Component as BaitGuidePage } from './bait-guide-page';
import { Component as BaitPage } from './bait-page';
import { Component as BaitsPage } from './baits-page';
import { Component as BirdLogsPage } from './bird-logs-page';
import { Component as CollectionPage } from './collection-page';
import { Component as FishesPage } from './fishes-page';
import { Component as ForgetPwdPage } from './forget-pwd-page';
import { Component as HomePage } from './home-page';
import { Component as LoginPage } from './login-page';
import { Component as MyDataPage } from './my-data-page';
import { Component as OfficialLogsPage } from './official-logs-page';
import { Component as OrdersPage } from './orders-page';
import { Component as ProfilePage } from './profile-page';
import { Component as RegisterPage } from './register-page';
import { Component as ResetPwdPage } from './reset-pwd-page';
import { Component as SharedCollectionPage } from './shared-collection-page';
import { Component as UserPage } from './user-page';
import { Component as VerifyPage } from './verify-page';
import { Component as VipBuyPage } from './vip-buy-page';
import { Component as VipCheckoutPage } from './vip-checkout-page';
import { Component as VipResultPage } from './vip-result-page';

// Each test renders many pages one after another: on a busy 2-core machine that outgrows 5 s.
const SLOW = { timeout: 90_000 };

/** A request the page makes besides the catalogue stays unanswered: the page shows its loading state, not a failure. */
const never = () => new Promise<Response>(() => {});

interface Rendered {
  meta: PageMeta;
  /** The page's h1 as rendered. */
  heading: string;
}

/**
 * Renders `Page` at `route` (a route pattern; `url` fills it in) in `locale`, inside a collector that keeps the last
 * meta declared, as a server render does; resolves once `ready` accepts that meta.
 */
async function declared(
  Page: ComponentType,
  {
    locale,
    route,
    url = route,
    ready,
  }: { locale: Locale; route: string; url?: string; ready: (meta: PageMeta) => boolean },
): Promise<Rendered> {
  let last: PageMeta | null = null;
  const collector = { record: (meta: PageMeta) => void (last = meta) };
  const view = renderRoute(
    <PageMetaContext.Provider value={collector}>
      <Page />
    </PageMetaContext.Provider>,
    { path: localePath(locale, route), url: localePath(locale, url) },
  );
  const heading = (await screen.findByRole('heading', { level: 1 })).textContent ?? '';
  await waitFor(() => expect(last !== null && ready(last)).toBe(true));
  view.unmount();
  return { meta: last!, heading };
}

beforeEach(async () => {
  // jsdom draws no canvas; the heat map draws nothing without one (its own tests fake one).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  fakeApi({ 'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }), '*': never });
  resetBaseConfig();
  await loadBaseConfig();
});

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

/** The public pages below home, each with the breadcrumb trail it must declare (the page itself last). */
const LISTED: { key: PageKey; Page: ComponentType }[] = [
  { key: 'officialLogs', Page: OfficialLogsPage },
  { key: 'birdLogs', Page: BirdLogsPage },
  { key: 'baitGuide', Page: BaitGuidePage },
  { key: 'baits', Page: BaitsPage },
  { key: 'aiChat', Page: AiChatPage },
  { key: 'fishes', Page: FishesPage },
  { key: 'vipBuy', Page: VipBuyPage },
];

/** The worm (bait 100 of the fixture) in each language, and its page's path with the slug of that name. */
const WORM: Record<Locale, { name: string; path: string }> = {
  zh: { name: '蚯蚓', path: '/query/baits/100-蚯蚓' },
  en: { name: 'Worm', path: '/query/baits/100-worm' },
  ja: { name: 'ミミズ', path: '/query/baits/100-ミミズ' },
};

describe.each(LOCALES)('the public pages in %s', (locale) => {
  beforeEach(() => initI18n(locale));

  it('each give a description of their own, their breadcrumbs, and may be indexed', SLOW, async () => {
    const descriptions = new Map<string, string>();
    const headings = new Map<string, string>();
    const hasDescription = (meta: PageMeta) => Boolean(meta.description);

    const home = await declared(HomePage, { locale, route: PAGE_PATHS.home, ready: hasDescription });
    expect(home.meta.title).toBe(home.heading);
    expect(home.meta.breadcrumbs ?? []).toEqual([]);
    expect(home.meta.noindex).toBeFalsy();
    descriptions.set('home', home.meta.description!);

    for (const { key, Page } of LISTED) {
      const { meta, heading } = await declared(Page, { locale, route: PAGE_PATHS[key], ready: hasDescription });
      expect(meta.title, key).toBe(heading);
      expect(meta.breadcrumbs, key).toEqual([{ name: heading, path: PAGE_PATHS[key] }]);
      expect(meta.noindex, key).toBeFalsy();
      expect(meta.status, key).toBeUndefined();
      descriptions.set(key, meta.description!);
      headings.set(key, heading);
    }

    const bait = await declared(BaitPage, {
      locale,
      route: BAIT_PAGE_ROUTE,
      url: baitPagePath(100),
      ready: hasDescription,
    });
    expect(bait.meta.title).toBe(WORM[locale].name);
    expect(bait.meta.description).toContain(WORM[locale].name);
    expect(bait.meta.image).toBe('/media/baits/100.png');
    expect(bait.meta.breadcrumbs).toEqual([{ name: headings.get('baits'), path: PAGE_PATHS.baits }, WORM[locale]]);
    expect(bait.meta.noindex).toBeFalsy();
    descriptions.set('bait', bait.meta.description!);

    // Every page its own sentence, none empty, none the line under the title repeated by another page.
    const texts = [...descriptions.values()];
    for (const text of texts) expect(text.trim().length).toBeGreaterThan(30);
    expect(new Set(texts).size).toBe(texts.length);
    if (locale === 'en') {
      // Written for a search result: about what a result shows, not cut short and not a word.
      for (const [key, text] of descriptions) {
        expect(text.length, key).toBeGreaterThanOrEqual(110);
        expect(text.length, key).toBeLessThanOrEqual(170);
      }
    }
  });

  it("names the bait guide's fish, and its map when one is chosen", SLOW, async () => {
    const hasDescription = (meta: PageMeta) => Boolean(meta.description);
    const guide = (search: string) =>
      declared(BaitGuidePage, {
        locale,
        route: PAGE_PATHS.baitGuide,
        url: `${PAGE_PATHS.baitGuide}${search}`,
        ready: hasDescription,
      });
    const perch = { zh: '鲈鱼', en: 'Perch', ja: 'パーチ' }[locale];
    const northRiver = { zh: '北河', en: 'North River', ja: '北川' }[locale];

    const none = (await guide('')).meta.description!;
    const fish = (await guide('?fish_id=11')).meta.description!;
    const onMap = (await guide('?fish_id=11&map_id=2')).meta.description!;
    // A map the fish does not live on is every map, as the guide shows it.
    const elsewhere = (await guide('?fish_id=12&map_id=1')).meta.description!;

    expect(none).not.toContain(perch);
    expect(fish).toContain(perch);
    expect(fish).not.toContain(northRiver);
    expect(onMap).toContain(perch);
    expect(onMap).toContain(northRiver);
    expect(elsewhere).not.toContain({ zh: '琥珀湖', en: 'Amber Lake', ja: '琥珀湖' }[locale]);
    expect(new Set([none, fish, onMap]).size).toBe(3);
  });

  it("counts the catalogue's baits and fish in the list and the encyclopedia", SLOW, async () => {
    const hasDescription = (meta: PageMeta) => Boolean(meta.description);
    const baits = await declared(BaitsPage, { locale, route: PAGE_PATHS.baits, ready: hasDescription });
    const fishes = await declared(FishesPage, { locale, route: PAGE_PATHS.fishes, ready: hasDescription });
    expect(baits.meta.description).toContain(String(BAITS.length));
    expect(fishes.meta.description).toContain(String(FISH.length));
  });
});

/**
 * Every account, admin and private page, at a path that renders it; `visitor` pages are shown to a visitor (a signed-in
 * user is sent on from the login and register forms), the others to a signed-in superuser (a visitor is sent to log
 * in, and the admin page hides from anyone else).
 */
const PRIVATE: { name: string; Page: ComponentType; route: string; url?: string; visitor?: boolean }[] = [
  { name: 'user', Page: UserPage, route: PAGE_PATHS.user },
  { name: 'login', Page: LoginPage, route: PAGE_PATHS.login, visitor: true },
  { name: 'register', Page: RegisterPage, route: PAGE_PATHS.register, visitor: true },
  { name: 'forgetPwd', Page: ForgetPwdPage, route: PAGE_PATHS.forgetPwd, visitor: true },
  {
    name: 'resetPwd',
    Page: ResetPwdPage,
    route: PAGE_PATHS.resetPwd,
    url: `${PAGE_PATHS.resetPwd}?token=t`,
    visitor: true,
  },
  { name: 'verify', Page: VerifyPage, route: PAGE_PATHS.verify, url: `${PAGE_PATHS.verify}?token=t` },
  { name: 'profile', Page: ProfilePage, route: PAGE_PATHS.profile },
  { name: 'orders', Page: OrdersPage, route: PAGE_PATHS.orders },
  { name: 'myData', Page: MyDataPage, route: PAGE_PATHS.myData },
  { name: 'collection', Page: CollectionPage, route: PAGE_PATHS.collection },
  { name: 'alerts', Page: AlertsPage, route: PAGE_PATHS.alerts },
  { name: 'adminCatalogue', Page: AdminCataloguePage, route: PAGE_PATHS.adminCatalogue },
  { name: 'adminOverview', Page: AdminOverviewPage, route: PAGE_PATHS.adminOverview },
  { name: 'adminUsers', Page: AdminUsersPage, route: PAGE_PATHS.adminUsers },
  { name: 'adminRecords', Page: AdminRecordsPage, route: PAGE_PATHS.adminRecords },
  { name: 'adminAiQuestions', Page: AdminAiQuestionsPage, route: PAGE_PATHS.adminAiQuestions },
  { name: 'adminAudit', Page: AdminAuditPage, route: PAGE_PATHS.adminAudit },
  { name: 'adminCatches', Page: AdminCatchesPage, route: PAGE_PATHS.adminCatches },
  { name: 'adminLoggers', Page: AdminLoggersPage, route: PAGE_PATHS.adminLoggers },
  { name: 'vipResult', Page: VipResultPage, route: PAGE_PATHS.vipResult, url: `${PAGE_PATHS.vipResult}?order_no=x` },
  {
    name: 'vipCheckout',
    Page: VipCheckoutPage,
    route: PAGE_PATHS.vipCheckout,
    url: `${PAGE_PATHS.vipCheckout}?order_no=x`,
  },
  {
    name: 'alertsUnsubscribe',
    Page: AlertsUnsubscribePage,
    route: PAGE_PATHS.alertsUnsubscribe,
    url: `${PAGE_PATHS.alertsUnsubscribe}?token=t`,
  },
  {
    name: 'sharedCollection',
    Page: SharedCollectionPage,
    route: COLLECTION_PAGE_ROUTE,
    url: collectionPagePath('AbCdEfGhIjKlMnOpQrSt_-'),
  },
];

describe('the account, admin and private pages', () => {
  beforeEach(() => initI18n('en'));

  it('each declare noindex with their own title', SLOW, async () => {
    for (const { name, Page, route, url, visitor } of PRIVATE) {
      if (visitor) clearSession();
      else setSession({ token: 'boss', userInfo: SUPERUSER });
      const { meta, heading } = await declared(Page, { locale: 'en', route, url, ready: () => true });
      expect(meta.title, name).toBe(heading);
      expect(meta.noindex, name).toBe(true);
    }
  });
});

describe("a bait's page without the catalogue", () => {
  beforeEach(() => initI18n('en'));

  it('answers 503 and is not indexed while the catalogue is missing', SLOW, async () => {
    // The catalogue never arrives: the page can only say it is loading.
    fakeApi({ '*': never });
    resetBaseConfig();
    void loadBaseConfig();
    const { meta } = await declared(BaitPage, {
      locale: 'en',
      route: BAIT_PAGE_ROUTE,
      url: baitPagePath(100),
      ready: () => true,
    });
    expect(meta).toMatchObject({ status: 503, noindex: true });
  });
});

describe('the failure page', () => {
  beforeEach(() => initI18n('en'));

  /** A server render, as the SSR entry makes one: a static router over a route whose loader fails with `failure`. */
  async function serverRender(failure: unknown) {
    const route = {
      path: '/en/broken',
      loader: () => {
        throw failure;
      },
      Component: () => null,
      errorElement: <ErrorPage />,
    };
    const handler = createStaticHandler([route]);
    const context = await handler.query(new Request('http://localhost/en/broken'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const router = createStaticRouter(handler.dataRoutes, context);
    let last: PageMeta | null = null;
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} env="test">
          <PageMetaContext.Provider value={{ record: (meta) => void (last = meta) }}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </PageMetaContext.Provider>
        </MantineProvider>
      </I18nextProvider>,
    );
    return { html, meta: last as PageMeta | null };
  }

  it('renders on a server, which has no navigator, with status 404 or 500 and noindex', async () => {
    vi.stubGlobal('navigator', undefined);
    const common = i18n.getFixedT('en', 'common');

    const missing = await serverRender(new Response('gone', { status: 404, statusText: 'Not Found' }));
    expect(missing.meta).toEqual({ title: common('errorPage.notFound'), status: 404, noindex: true });
    expect(missing.html).toContain(common('errorPage.notFound'));

    const broken = await serverRender(new Error('the database is on fire'));
    expect(broken.meta).toEqual({ title: common('errorPage.generic'), status: 500, noindex: true });
    expect(broken.html).toContain('the database is on fire');
  });
});

describe('in the browser', () => {
  let description: HTMLMetaElement;
  beforeEach(async () => {
    await initI18n('en');
    // index.html's tag, which the page's description replaces.
    description = document.createElement('meta');
    description.name = 'description';
    description.content = 'Anglerdex';
    document.head.append(description);
  });
  afterEach(() => description.remove());

  it("the tab's title and the description follow navigation", SLOW, async () => {
    const en = (ns: string) => i18n.getFixedT('en', ns);
    const { router } = renderApp('/en/query/baits');
    await waitFor(() => expect(document.title).toBe('Baits · Anglerdex'));
    await waitFor(() =>
      expect(description.content).toBe(en('baits')('meta.descriptionCount', { count: BAITS.length })),
    );

    await router.navigate('/en/query/bait-guide?fish_id=11');
    await waitFor(() => expect(document.title).toBe('Bait guide · Anglerdex'));
    await waitFor(() => expect(description.content).toBe(en('bait-guide')('meta.fishDescription', { fish: 'Perch' })));

    await router.navigate('/en');
    await waitFor(() => expect(document.title).toBe('Catch heat map · Anglerdex'));
    await waitFor(() => expect(description.content).toBe(en('heatmap')('meta.description')));

    await router.navigate('/en/query/baits/100');
    await waitFor(() => expect(document.title).toBe('Worm · Anglerdex'));
    await waitFor(() => expect(description.content).toContain('Worm (Live bait)'));
  });
});
