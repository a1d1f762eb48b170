import { findRegions } from '@portal/contract';
import { memoJson } from '../../platform/gateway.ts';
import { defineModule } from '../../platform/module.ts';
import { findRegionTree, type RegionDepth } from './region.service.ts';

/** National administrative division trees, built once from the npm data packages. */
export default defineModule({
  name: 'region',
  register(gateway) {
    gateway.call(findRegions, (q) => memoJson(findRegionTree(q.kind, q.depth as RegionDepth)), { compress: true });
  },
});
