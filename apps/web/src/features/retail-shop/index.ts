export { RetailShopPage } from './RetailShopPage';
export { ShopBankPage } from './ShopBankPage';
