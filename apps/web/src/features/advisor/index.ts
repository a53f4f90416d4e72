export { AdvisorDashboardPage } from './AdvisorDashboardPage';
export { AdvisorClientPage } from './AdvisorClientPage';
export {
  AdvisorTrackingPage,
  AdvisorProspectingPage,
  AdvisorOtherServicesPage,
} from './AdvisorSectionPages';
