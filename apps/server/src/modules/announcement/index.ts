/**
 * Announcements and notices (decision 043). Its front door for modules above it: a notice for
 * named members (a study task's reminder). Nothing else of this folder is for other modules.
 */
export { sendNotice } from './notices.ts';
