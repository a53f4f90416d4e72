export { WealthPortalPage } from './WealthPortalPage';
