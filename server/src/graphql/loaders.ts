import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readViewsById } from '../kernel/read-views.js';
import { Provider } from '../modules/providers/provider.entity.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';

type EntityClass<T> = { new (...args: never[]): T; prototype: T };

/** Relations GraphQL reads (a product's provider, a membership's municipality): read views (kernel/read-views.ts). */
function byId<T extends { id: string }>(em: EntityManager, entity: EntityClass<T>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await readViewsById(em, entity, ids);
    const map = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => map.get(id) ?? null);
  });
}

/** Per-request batch loaders: relations are resolved with one query per kind, never one per row. */
export function createLoaders(em: EntityManager) {
  return {
    provider: byId(em, Provider),
    category: byId(em, Category),
    municipality: byId(em, Municipality),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
