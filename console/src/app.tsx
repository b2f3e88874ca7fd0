import { useMemo, useState } from 'preact/hooks';
import { createApi } from './api/client';
import { currentSession, forgetSession, type Session, signOut } from './auth/session';
import { Link, ScreenTitle } from './components';
import type { ConsoleConfig } from './config';
import { Console } from './context';
import { LANGUAGES, type Language, setLanguage, t } from './i18n';
import { isEditedPage } from './pages/legal';
import { navigate, useLocation } from './router';
import { CouponCampaign } from './screens/coupon-campaign';
import { CouponsIndex } from './screens/coupons-index';
import { Home } from './screens/home';
import { NewsletterSubscribers, NewslettersIndex } from './screens/newsletters';
import { OrderDetails } from './screens/order-details';
import { OrdersIndex } from './screens/orders-index';
import { PageEditor } from './screens/page-editor';
import { PagesIndex } from './screens/pages-index';
import { ProductDetails } from './screens/product-details';
import { ProductImages } from './screens/product-images';
import { ProductsIndex } from './screens/products-index';
import { Callback, SignIn } from './screens/sign-in';
import { WebhookDetails } from './screens/webhook-details';
import { WebhooksIndex } from './screens/webhooks-index';

/** The whole console: sign-in until there is a session, then the shell around the screens. */
export function App({ config, language: initial }: { config: ConsoleConfig; language: Language }) {
  const [session, setSession] = useState<Session | undefined>(currentSession);
  const [language, setLang] = useState(initial);
  const where = useLocation();
  const signedIn = (next: Session) => {
    setSession(next);
    navigate('', { replace: true });
  };
  const api = useMemo(
    () =>
      session &&
      createApi(config.apiUrl, session, () => {
        forgetSession();
        setSession(undefined);
      }),
    [config.apiUrl, session],
  );
  if (where.path === 'callback') return <Callback config={config} onSignedIn={signedIn} />;
  if (!session || !api) return <SignIn config={config} onSignedIn={signedIn} />;
  const changeLanguage = (next: Language) => {
    setLanguage(next);
    setLang(next);
  };
  return (
    <Console.Provider value={{ config, session, api }}>
      <a href="#main" class="skip">
        {t('app.skip')}
      </a>
      <header class="top" key={language}>
        <span class="brand">{t('app.title')}</span>
        <nav aria-label={t('app.title')}>
          <Link to="" class={where.path === '' ? 'current' : undefined}>
            {t('nav.home')}
          </Link>
          <Link to="orders" class={where.path.startsWith('orders') ? 'current' : undefined}>
            {t('nav.orders')}
          </Link>
          <Link to="products" class={where.path.startsWith('products') ? 'current' : undefined}>
            {t('nav.products')}
          </Link>
          <Link to="coupons" class={where.path.startsWith('coupons') ? 'current' : undefined}>
            {t('nav.coupons')}
          </Link>
          <Link to="newsletters" class={where.path.startsWith('newsletters') ? 'current' : undefined}>
            {t('nav.newsletters')}
          </Link>
          <Link to="pages" class={where.path.startsWith('pages') ? 'current' : undefined}>
            {t('nav.pages')}
          </Link>
          <Link to="webhooks" class={where.path.startsWith('webhooks') ? 'current' : undefined}>
            {t('nav.webhooks')}
          </Link>
        </nav>
        <span class="shop">{t('nav.shop', { shop: session.shop })}</span>
        <label class="language">
          <span class="visually-hidden">{t('nav.language')}</span>
          <select
            value={language}
            onChange={(e) => changeLanguage((e.currentTarget as HTMLSelectElement).value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l === 'en' ? 'English' : 'Deutsch'}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => signOut(config)}>
          {t('nav.signOut')}
        </button>
      </header>
      <main id="main" key={`${language}:${where.path}`}>
        <Screen path={where.path} />
      </main>
    </Console.Provider>
  );
}

function Screen({ path }: { path: string }) {
  if (path === '' || path === 'sign-in') return <Home />;
  if (path === 'orders') return <OrdersIndex />;
  const order = /^orders\/([^/]+)$/.exec(path);
  if (order?.[1]) return <OrderDetails orderId={decodeURIComponent(order[1])} />;
  if (path === 'products') return <ProductsIndex />;
  if (path === 'products/new') return <ProductDetails />;
  const images = /^products\/([^/]+)\/images$/.exec(path);
  if (images?.[1]) return <ProductImages productId={decodeURIComponent(images[1])} />;
  const product = /^products\/([^/]+)$/.exec(path);
  if (product?.[1]) return <ProductDetails productId={decodeURIComponent(product[1])} />;
  if (path === 'coupons') return <CouponsIndex />;
  const campaign = /^coupons\/([^/]+)$/.exec(path);
  if (campaign?.[1]) return <CouponCampaign campaignId={decodeURIComponent(campaign[1])} />;
  if (path === 'newsletters') return <NewslettersIndex />;
  const letter = /^newsletters\/([^/]+)$/.exec(path);
  if (letter?.[1]) return <NewsletterSubscribers campaignId={decodeURIComponent(letter[1])} />;
  if (path === 'pages') return <PagesIndex />;
  const page = /^pages\/([^/]+)$/.exec(path)?.[1];
  if (page && isEditedPage(page)) return <PageEditor page={page} />;
  if (path === 'webhooks') return <WebhooksIndex />;
  const webhook = /^webhooks\/([^/]+)$/.exec(path);
  if (webhook?.[1]) return <WebhookDetails webhookId={decodeURIComponent(webhook[1])} />;
  return <ScreenTitle>{t('common.notFound')}</ScreenTitle>;
}
