export { ProfileSettingsPage } from './ProfileSettingsPage';
export { PersonalDetailsPage } from './PersonalDetailsPage';
export { SignInPasswordPage } from './SignInPasswordPage';
