// The envelope every /api answer wears (DESIGN.md "The HTTP contract").
import type { Envelope } from '@campus/contracts';

export type { Envelope };

/** A success answer; msg is filled in the caller's language on the way out. */
export function ok<T>(data: T, msg?: string): Envelope<T> {
  return { code: 200, success: true, data, msg };
}

/** A success answer that carries only a message (data true, as BladeX's R.status). */
export const done = (msg?: string) => ok(true, msg);

export function isEnvelope(x: unknown): x is Envelope {
  return typeof x === 'object' && x !== null && 'code' in x && 'success' in x && 'data' in x;
}
