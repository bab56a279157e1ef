// Nesting depth of JSON: request bodies deeper than MAX_JSON_DEPTH are refused (400) before they
// are parsed, and JSON carried as text inside a body (workflow variables, form values) is checked
// the same way before it is parsed. The scan is one loop over the characters (no recursion, so a
// body of 100 000 '[' cannot overflow the stack), and it skips the contents of strings.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors.ts';

/** No form, variable set or setting of this platform nests deeper; the check is a guard, not a shape. */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of objects/arrays in a JSON text (strings skipped); stops counting past `stopAt`. */
export function jsonTextDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** The deepest nesting of a parsed value (objects and arrays), walked with an explicit stack. */
export function valueDepth(value: unknown, stopAt = Infinity): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (d > max) {
      max = d;
      if (max > stopAt) return max;
    }
    for (const x of Array.isArray(v) ? v : Object.values(v)) if (x && typeof x === 'object') stack.push([x, d + 1]);
  }
  return max;
}

export const tooDeep = (max = MAX_JSON_DEPTH) => new ApiError(400, 'jsonTooDeep', { max });

/** Refuses (400) a JSON text or a value nested deeper than MAX_JSON_DEPTH. */
export function assertJsonDepth(v: unknown, max = MAX_JSON_DEPTH): void {
  const d = typeof v === 'string' ? jsonTextDepth(v, max) : valueDepth(v, max);
  if (d > max) throw tooDeep(max);
}

/** The JSON body parser: Fastify's own (prototype-poisoning checks included) behind the depth check. */
export const jsonBodies = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(tooDeep());
    return parse(req, text, done);
  });
});
