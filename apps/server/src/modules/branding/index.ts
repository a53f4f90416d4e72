/** The branding module as other modules use it: the brand's names for the messages sent. */
export {
  createBrandingService,
  type BrandDefaults,
  type BrandingService,
} from './branding.service';
export { registerBranding } from './branding.module';
