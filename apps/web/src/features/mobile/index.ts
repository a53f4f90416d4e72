export { MobilePage } from './MobilePage';
