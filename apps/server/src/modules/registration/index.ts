/**
 * The registration module's front door (issue 19 item 6): the registration service the profile
 * module checks edited details and real-name verification with.
 */
export { registrationServiceOf, type RegistrationService } from './registration.service.ts';
