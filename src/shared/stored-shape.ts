// Small checks of the shape of a value read back from the device, for what every screen's first
// load reads (the stored user, the favourites, the zone passes…). zod stays out of that load: its
// core was some 25 KB gzip of it, and Rolldown keeps most of the core even through zod/mini. A
// check here is what readJson takes (storage-names.ts), as a zod schema is; API answers keep zod.
import type { Checker } from './storage-names';

/** Says whether a value has a shape, and types it. */
export type Shape<T> = ((value: unknown) => value is T) & Checker<T>;
type Of<S> = S extends Shape<infer T> ? T : never;
/** An object's type from its fields' shapes: a field whose shape allows undefined may be absent. */
type ObjectOf<F> = { [K in keyof F as undefined extends Of<F[K]> ? never : K]: Of<F[K]> } & {
  [K in keyof F as undefined extends Of<F[K]> ? K : never]?: Of<F[K]>;
};
// (flattens the intersection, so editors show one object type)
type Flat<T> = { [K in keyof T]: T[K] };

function shape<T>(test: (value: unknown) => boolean): Shape<T> {
  const is = test as Shape<T>;
  is.safeParse = (value) => (test(value) ? { success: true, data: value as T } : { success: false });
  return is;
}

export const string = shape<string>((v) => typeof v === 'string');
export const number = shape<number>((v) => typeof v === 'number' && Number.isFinite(v));
export const boolean = shape<boolean>((v) => typeof v === 'boolean');
export const oneOf = <const T extends string>(...values: T[]) => shape<T>((v) => (values as unknown[]).includes(v));
export const nullable = <T>(inner: Shape<T>) => shape<T | null>((v) => v === null || inner(v));
export const optional = <T>(inner: Shape<T>) => shape<T | undefined>((v) => v === undefined || inner(v));
export const array = <T>(item: Shape<T>) => shape<T[]>((v) => Array.isArray(v) && v.every(item));
/** A plain object with these fields (others are let be, as they harm nothing read back). */
export const object = <F extends Record<string, Shape<any>>>(fields: F) =>
  shape<Flat<ObjectOf<F>>>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.entries(fields).every(([key, field]) => field((v as Record<string, unknown>)[key])),
  );

/** The type a shape checks for. */
export type Infer<S> = Of<S>;
