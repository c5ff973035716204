import { ReferenceKind, type EntityManager, type EntityProperty, type Platform } from '@mikro-orm/postgresql';
import { executeNative, uuidArray } from './sql.js';

/**
 * Read views: objects of an entity's class made straight from database rows, for answers that only read (the public
 * offer's pages, the per-request loaders of GraphQL relations). MikroORM's `em.map` and `em.find` create a managed
 * entity per row: hydrated, registered in the identity map and snapshotted for change tracking, which costs about as
 * much as the rest of an uncached listing's work in the server together (`npm run bench:catalogue`). A view costs a
 * property copy.
 *
 * What a view is and is not:
 * - an object of the entity's class (`instanceof` holds) with every column property the row has, converted as the ORM
 *   converts it (custom types through their `convertToJSValue`);
 * - a many-to-one relation is `{ id }` (the related row's key only, as an unloaded reference gives it): read its
 *   `.id`, never load through it;
 * - not managed: never flushed, never in the identity map, no collections (the constructor does not run). Changing
 *   data goes through a service with managed entities, as before.
 */

type Row = Record<string, unknown>;

interface EntityClass<T> {
  new (...args: never[]): T;
  prototype: T;
}

interface ViewShape<T> {
  map: (row: Row) => T;
  /** The table and its columns the view reads, quoted (`"provider"`, `"id", "name", …`). */
  table: string;
  columns: string;
}

const shapes = new WeakMap<object, ViewShape<unknown>>();

/** How a column's value becomes the property's, as MikroORM's hydrator does it (null: as it comes). */
function converter(p: EntityProperty, platform: Platform): ((value: unknown) => unknown) | null {
  if (p.customType) return (value) => p.customType!.convertToJSValue(value, platform);
  // The driver hands timestamps over as text; the entity holds a Date.
  if (p.runtimeType === 'Date') return (value) => (value instanceof Date ? value : new Date(value as string));
  if (p.runtimeType === 'boolean') return (value) => !!value;
  return null;
}

function shapeOf<T extends object>(em: EntityManager, entity: EntityClass<T>): ViewShape<T> {
  const known = shapes.get(entity);
  if (known) return known as ViewShape<T>;
  const platform = em.getPlatform();
  const meta = em.getMetadata().find(entity)!;
  const props = meta.props
    .filter(
      (p: EntityProperty) =>
        p.persist !== false &&
        p.fieldNames?.length === 1 &&
        (p.kind === ReferenceKind.SCALAR || p.kind === ReferenceKind.MANY_TO_ONE),
    )
    .map((p: EntityProperty) => ({
      name: p.name,
      column: p.fieldNames[0]!,
      relation: p.kind === ReferenceKind.MANY_TO_ONE,
      convert: converter(p, platform),
    }));
  const map = (row: Row): T => {
    // Own data properties first, the class's prototype after: MikroORM puts setters for every column property on the
    // prototype (they make an instance tracked); assigning to an object of the class would run them.
    const view: Row = {};
    for (const p of props) {
      if (!(p.column in row)) continue;
      const value = row[p.column];
      view[p.name] =
        value === null || value === undefined
          ? null
          : p.relation
            ? { id: value }
            : p.convert
              ? p.convert(value)
              : value;
    }
    return Object.setPrototypeOf(view, entity.prototype) as T;
  };
  const shape: ViewShape<T> = {
    map,
    table: `"${meta.tableName}"`,
    columns: props.map((p) => `"${p.column}"`).join(', '),
  };
  shapes.set(entity, shape as ViewShape<unknown>);
  return shape;
}

/** A read view (see above) of the entity from a row of its table (column names as in the table). */
export function readView<T extends object>(em: EntityManager, entity: EntityClass<T>, row: Row): T {
  return shapeOf(em, entity).map(row);
}

/**
 * The entity's rows with these ids as read views, in one prepared statement that names the entity's columns (so a
 * column a newer version adds during a rolling update does not change its result; ids not found are left out).
 */
export async function readViewsById<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  ids: readonly string[],
): Promise<T[]> {
  if (!ids.length) return [];
  return readViewsWhere(em, entity, 'id = any(?::uuid[])', [uuidArray(ids)]);
}

/**
 * The entity's rows that meet `condition` (SQL over its columns, with `?` parameters), in `order`, as read views; one
 * prepared statement naming the entity's columns.
 */
export async function readViewsWhere<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  condition: string,
  params: readonly unknown[],
  order?: string,
): Promise<T[]> {
  const shape = shapeOf(em, entity);
  const rows = await executeNative<Row>(
    em,
    `select ${shape.columns} from ${shape.table} where ${condition}${order ? ` order by ${order}` : ''}`,
    params,
    { prepared: true },
  );
  return rows.map(shape.map);
}
