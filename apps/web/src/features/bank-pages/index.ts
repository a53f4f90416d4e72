export { AboutUsPage, PersonalPage, SmallBusinessPage, WealthPage } from './BankPage';
export { PremierRewardsPage } from './PremierRewardsPage';
