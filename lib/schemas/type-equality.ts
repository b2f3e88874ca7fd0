/**
 * Compile-time checks that a schema parses to a domain type (the domain owns its types; a schema
 * maps onto them). Used as `type _ = Assert<Equal<z.output<typeof X>, X>>`: `tsc` fails when a
 * field is added, removed, made optional or retyped on one side only.
 */

/** true when A and B are the same type (not merely assignable: optionality and readonly count). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** true when A is assignable to B (a request body the domain takes as its input). */
export type Extends<A, B> = [A] extends [B] ? true : false;

/** Compiles only when its argument is `true`. */
export type Assert<T extends true> = T;
