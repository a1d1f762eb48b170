// The region module's front door: the administrative division trees, for other modules' checks.
export { findRegionTree, type RegionTreeKind, type RegionDepth } from './region.service.ts';
