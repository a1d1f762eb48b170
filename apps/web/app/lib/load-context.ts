import type { PortalLoadContext } from '@portal/contract';

// The load context the server gives every loader (apps/server/src/platform/web.ts builds it):
// React Router's `context` of `Route.LoaderArgs` is typed as the portal's, so no loader casts it.
declare module 'react-router' {
  // An interface, not a type alias: React Router declares AppLoadContext for merging.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalLoadContext {}
}
