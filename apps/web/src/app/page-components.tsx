import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { PageId } from '@anybank/contracts';
import { HomePage } from '../features/home';

/** A page loaded on first visit, so the first screen downloads only the home page. */
function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): ComponentType {
  return lazy(async () => ({ default: pick(await load()) }));
}

const admin = () => import('../features/admin');
const consents = () => import('../features/consents');
const profile = () => import('../features/profile');
const transfers = () => import('../features/transfers');
const dashboard = () => import('../features/dashboard');
const wealthPortal = () => import('../features/wealth-portal');
const advisor = () => import('../features/advisor');
const marketing = () => import('../features/marketing');
const creditCard = () => import('../features/credit-card');
const login = () => import('../features/login');
const customerService = () => import('../features/customer-service');
const outbox = () => import('../features/outbox');
const contactUndo = () => import('../features/contact-undo');
const mobile = () => import('../features/mobile');
const demo = () => import('../features/demo');
const oauthConsent = () => import('../features/oauth-consent');
const payByBank = () => import('../features/pay-by-bank');
const retailShop = () => import('../features/retail-shop');
const bankPages = () => import('../features/bank-pages');
const activity = () => import('../features/activity');

/** The component of every page of the route table. */
export const PAGE_COMPONENTS: Record<PageId, ComponentType> = {
  admin: lazyPage(admin, (m) => m.AdminPage),
  'privacy-security': lazyPage(consents, (m) => m.PrivacySecurityPage),
  'communication-preferences': lazyPage(consents, (m) => m.CommunicationPreferencesPage),
  profile: lazyPage(profile, (m) => m.PersonalDetailsPage),
  'profile-settings': lazyPage(profile, (m) => m.ProfileSettingsPage),
  'signin-password': lazyPage(profile, (m) => m.SignInPasswordPage),
  'transfer-money': lazyPage(transfers, (m) => m.TransferMoneyPage),
  dashboard: lazyPage(dashboard, (m) => m.DashboardPage),
  'pay-and-transfer': lazyPage(transfers, (m) => m.PayAndTransferPage),
  'payment-activity': lazyPage(activity, (m) => m.PaymentActivityPage),
  'account-activity': lazyPage(activity, (m) => m.AccountActivityPage),
  'account-statement': lazyPage(activity, (m) => m.AccountStatementPage),
  'premier-rewards': lazyPage(bankPages, (m) => m.PremierRewardsPage),
  'wealth-portal': lazyPage(wealthPortal, (m) => m.WealthPortalPage),
  'advisor-client': lazyPage(advisor, (m) => m.AdvisorClientPage),
  'advisor-tracking': lazyPage(advisor, (m) => m.AdvisorTrackingPage),
  'advisor-prospecting': lazyPage(advisor, (m) => m.AdvisorProspectingPage),
  'advisor-other-services': lazyPage(advisor, (m) => m.AdvisorOtherServicesPage),
  advisor: lazyPage(advisor, (m) => m.AdvisorDashboardPage),
  'marketing-dashboard': lazyPage(marketing, (m) => m.MarketingDashboardPage),
  'marketing-client-profiles': lazyPage(marketing, (m) => m.MarketingClientProfilesPage),
  'marketing-tracking': lazyPage(marketing, (m) => m.MarketingTrackingPage),
  'marketing-equities-trading': lazyPage(marketing, (m) => m.MarketingEquitiesTradingPage),
  marketing: lazyPage(marketing, (m) => m.MarketingPortalPage),
  'credit-card': lazyPage(creditCard, (m) => m.CreditCardPage),
  login: lazyPage(login, (m) => m.LoginPage),
  'customer-service': lazyPage(customerService, (m) => m.CustomerServicePage),
  redirect: lazyPage(login, (m) => m.RedirectPage),
  'partner-signoff': lazyPage(login, (m) => m.PartnerSignoffPage),
  'oauth-consent': lazyPage(oauthConsent, (m) => m.OAuthConsentPage),
  'payment-consent': lazyPage(payByBank, (m) => m.PaymentConsentPage),
  retail: lazyPage(retailShop, (m) => m.RetailShopPage),
  'shop-bank': lazyPage(retailShop, (m) => m.ShopBankPage),
  outbox: lazyPage(outbox, (m) => m.OutboxPage),
  'contact-undo': lazyPage(contactUndo, (m) => m.ContactUndoPage),
  mobile: lazyPage(mobile, (m) => m.MobilePage),
  demo: lazyPage(demo, (m) => m.DemoPage),
  personal: lazyPage(bankPages, (m) => m.PersonalPage),
  'small-business': lazyPage(bankPages, (m) => m.SmallBusinessPage),
  wealth: lazyPage(bankPages, (m) => m.WealthPage),
  'about-us': lazyPage(bankPages, (m) => m.AboutUsPage),
  home: HomePage,
};
