/** The help-desk module as other modules use it: the orchestration's help-desk policy. */
export type { HelpDeskCall, HelpDeskService, Rep } from './helpdesk.service';
export { registerHelpDesk } from './helpdesk.module';
