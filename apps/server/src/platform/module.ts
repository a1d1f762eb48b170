import type { Gateway } from './gateway.ts';
import type { Platform } from './platform.ts';

/**
 * One feature module of the gateway (DESIGN.md section 2): it builds its services and repositories
 * from the shared platform parts and registers its calls. The composition root
 * (`modules/index.ts`) lists the modules, one line each: adding a feature touches that line only.
 */
export interface PortalModule {
  name: string;
  register(gateway: Gateway, platform: Platform): void;
}

export const defineModule = (module: PortalModule): PortalModule => module;
