/**
 * The account module's front door (issue 19 item 6): what the registration, profile and
 * third-party modules use of accounts — the account look-ups and changes, the sign-in service and
 * the ways a site's variant signs in. Other modules import only from this file.
 */
export { AccountRepository } from './account.repository.ts';
export { accountServiceOf, type AccountService, type SignedIn, type SignInSite } from './account.service.ts';
export { assertProviderOffered, offeredProviders } from './sign-in.policy.ts';
