// A body the spec's client sends as JSON in a text/plain request (it encrypts it there; this server
// takes the JSON itself): the parsed value, or null when the text is not JSON (the route's schema then
// refuses it with a 400). Any other body is what Fastify already parsed.
export function jsonBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}
