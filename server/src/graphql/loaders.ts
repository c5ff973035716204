import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Provider } from '../modules/providers/provider.entity.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';

type EntityClass<T> = { new (...args: never[]): T };

function byId<T extends { id: string }>(em: EntityManager, entity: EntityClass<T>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await em.find(entity as never, { id: { $in: [...ids] } } as never);
    const map = new Map((rows as T[]).map((r) => [r.id, r]));
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
