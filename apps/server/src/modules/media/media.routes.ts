import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { MediaRepository } from './media.repository.ts';
import { MediaService } from './media.service.ts';

/**
 * The media library of the back office (issue 21 item 3, decision 041): the library's list,
 * resumable uploads (tus) and the transcoding of uploaded videos to HLS.
 */
export default defineModule({
  name: 'media',
  register(gateway, platform) {
    const service = new MediaService(new MediaRepository(platform.db));
    gateway.call(calls.findMaterials, (q, ctx) => service.findMaterials(ctx.eid, q));
  },
});
