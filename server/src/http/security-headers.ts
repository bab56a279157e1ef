// The security headers every answer carries (CSP, HSTS, frame, referrer and sniffing rules), as helmet
// makes them, worked out once at start. @fastify/helmet built helmet's middleware anew for every
// request (parsing the CSP each time: a ninth of the CPU of a cached public answer); the headers do not
// depend on the request, so they are computed here once and set on each answer.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with these options (lower-case names), read from a stand-in response. */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => { headers.set(name.toLowerCase(), String(value)); },
    removeHeader: (name: string) => { headers.delete(name.toLowerCase()); },
  };
  let failed: unknown;
  // every helmet middleware is synchronous and reads nothing of the request
  helmet(options)({} as never, res as never, (err?: unknown) => { failed = err; });
  if (failed) throw failed;
  return [...headers];
}

export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    // on the raw response, as helmet did: answers a route writes itself (files, streams) carry them too
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.raw.removeHeader('x-powered-by');
    done();
  });
}, { name: 'security-headers' });
