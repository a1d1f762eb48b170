import { z } from 'zod';
import { defineCall } from '../call.ts';

// /business/intro (platform.md section 2, "Other"): the site's business introduction, kept with the
// agreements as a site text (type businessIntro) and served as sanitised rich text.

const eid = z.coerce.number().int().positive().optional().describe('Enterprise id; the domain default when absent');

export const BUSINESS_INTRO_TYPE = 'businessIntro';

export const viewBusinessIntro = defineCall({
  name: 'viewBusinessIntro',
  method: 'GET',
  path: '/system/api/website/business/intro',
  summary: "The site's business introduction as sanitised rich text ('' when the site has none)",
  tags: ['system'],
  request: z.object({ eid }),
  response: z.object({ title: z.string(), content: z.string() }),
});
