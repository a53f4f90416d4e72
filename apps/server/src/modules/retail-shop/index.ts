/** The retail shop, another company paid by bank; it reaches the bank over HTTP only. */
export { createBankPort } from './bank.port';
export { createOrderSeal } from './order-cookie';
export { createRetailShopService, type RetailShopService } from './retail-shop.service';
export { registerRetailShopRoutes } from './retail-shop.routes';
export { registerRetailShop } from './retail-shop.module';
