/** The admin module as other modules use it: the orchestration's demo-admin policies. */
export { createAdminService, type AdminRequest, type AdminService } from './admin.service';
export { registerAdmin } from './admin.module';
