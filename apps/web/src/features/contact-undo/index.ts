export { ContactUndoPage } from './ContactUndoPage';
