/**
 * The site module's front door (issue 19 item 6): the site's settings service, built by the
 * platform for every module (`platform.site`).
 */
export { SiteRepository } from './site.repository.ts';
export { SiteService } from './site.service.ts';
