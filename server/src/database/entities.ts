import { MODULES } from '../app/modules.js';

/**
 * Every entity, from the modules' manifests (app/modules.ts): listed, not found by scanning folders, so the same list
 * works from sources, builds and tests.
 */
export const entities = MODULES.flatMap((module) => module.entities ?? []);
