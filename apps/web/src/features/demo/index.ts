export { DemoPage } from './DemoPage';
