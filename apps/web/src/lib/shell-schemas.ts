/**
 * The contracts' schemas that the layout around every page checks answers with (the brand, the
 * signed-in customer's menu, the session pickup), in a chunk of their own: they load with zod
 * while the request is on its way, `import('./shell-schemas')`, so that zod (~27 KB gzip) is not
 * in the JavaScript of the first page (ADR 0024). A static import of this file would put it
 * back: the e2e bundle test fails when zod is in the first load.
 */
export {
  brandingSchema,
  menuOptionsResponseSchema,
  pickupResponseSchema,
} from '@anybank/contracts';
