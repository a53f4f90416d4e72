export { RetailShopPage } from './RetailShopPage';
