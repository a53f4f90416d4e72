/**
 * The orchestration module (document 1 §7): nothing in it is used by another module; its
 * register (orchestration.module.ts) builds the service and registers its routes.
 */
export { createOrchestrationService, type OrchestrationService } from './orchestration.service';
export { registerOrchestrationRoutes } from './orchestration.routes';
export { registerOrchestration } from './orchestration.module';
