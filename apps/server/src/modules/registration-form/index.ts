/**
 * The registration-form module's front door: the site's registration form and the ticket a
 * registration's SMS code gives for uploading a one-inch photo without a session. Used by the
 * account, upload, registration and profile modules.
 */
export { RegistrationForms, registrationFormsOf } from './registration-form.ts';
export {
  REGISTRATION_TICKET_COOKIE,
  REGISTRATION_TICKET_PURPOSE,
  REGISTRATION_TICKET_TTL_MS,
  RegistrationTickets,
  registrationTicketsOf,
} from './registration-ticket.ts';
