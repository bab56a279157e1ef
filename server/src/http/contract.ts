// The shared plumbing of the HTTP contract: language, envelope messages, error mapping,
// 404/405 in the envelope, and schema validation with readable bilingual messages.
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from './errors.ts';
import { isEnvelope } from './envelope.ts';
import { fromZmsg, langOf, t, type Lang } from './messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** The app as modules see it: a route's zod schemas type its handler's body, query and params. */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export type ErrorRecorder = (req: FastifyRequest, err: Error) => void;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

export const contract = fp(async (app: FastifyInstance, opts: { recordError?: ErrorRecorder; spa?: boolean }) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (req) => {
    req.lang = langOf(req.headers['accept-language']);
  });
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (isEnvelope(payload) && payload.msg === undefined) {
      payload.msg = payload.success ? t('success', req.lang) : t('failure', req.lang);
    }
    return payload;
  });

  // Paths with their methods, to tell a wrong method (405) from an unknown path (404).
  const routes: { re: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (r) => {
    const re = new RegExp('^' + r.url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+').replace(/\*/g, '.*') + '/?$');
    const methods = new Set((Array.isArray(r.method) ? r.method : [r.method]).map((m) => m.toUpperCase()));
    routes.push({ re, methods });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api') {
      const other = routes.some((r) => r.re.test(path) && !r.methods.has(req.method) && [...r.methods].some((m) => METHODS.includes(m)));
      if (other) return send(reply, 405, t('methodNotAllowed', req.lang, { method: req.method }));
      return send(reply, 404, t('notFound', req.lang, { path }));
    }
    // the web app routes in the hash (/#/login): a typed /login or /wel/index lands there
    if (opts.spa && req.method === 'GET' && !/\.[A-Za-z0-9]+$/.test(path)) return reply.redirect(`/#${req.url}`);
    return send(reply, 404, t('notFound', req.lang, { path }));
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, msg } = describe(err, req.lang, req.isMultipart?.());
    // refused before its body was read (e.g. an upload over the limit): close the connection, or the
    // unread rest of the body would be taken for the next request on it and that request would hang
    if (!req.raw.complete) reply.header('Connection', 'close');
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      opts.recordError?.(req, err);
    }
    return send(reply, status, msg);
  });
});

function send(reply: FastifyReply, status: number, msg: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ code: status, success: false, data: null, msg });
}

/** busboy's own refusals of a malformed multipart body (@fastify/busboy: multipart.js, Dicer.js, index.js) */
const MULTIPART_ERROR = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Missing Content-Type-header\.|Unsupported Content-Type\.|The needle cannot)/;

/** Turns any thrown thing into a status and a message fit for the user (never a stack). */
export function describe(err: FastifyError | Error, lang: Lang, multipart = false): { status: number; msg: string } {
  if (err instanceof ApiError) return { status: err.status, msg: err.text ?? t(err.key, lang, err.params) };
  const fe = err as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (fe.validation) return { status: 400, msg: validationMessage(fe, lang) };
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, msg: t('badJson', lang) };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, msg: t(fe.code === 'FST_REQ_FILE_TOO_LARGE' ? 'fileTooLarge' : 'bodyTooLarge', lang) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, msg: t('unsupportedMedia', lang) };
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return { status: 400, msg: t('badMultipart', lang) };
  }
  // the multipart parser (busboy) refuses a body without boundary, truncated, or with a bad header
  // with plain errors: they are the client's to fix, whichever upload route read the body
  if (MULTIPART_ERROR.test(err.message ?? '')) return { status: 400, msg: t('badMultipart', lang) };
  // a file part whose body ended early closes its stream before the end: the reading route sees a premature close
  if (multipart && fe.code === 'ERR_STREAM_PREMATURE_CLOSE') return { status: 400, msg: t('badMultipart', lang) };
  if (err instanceof SyntaxError) return { status: 400, msg: t('badJson', lang) };
  // PostgreSQL refusals caused by the input (constraint and value errors) are the client's to fix
  const pg = (err as { code?: unknown }).code;
  if (typeof pg === 'string' && /^[0-9A-Z]{5}$/.test(pg)) {
    if (pg === '23505') return { status: 400, msg: t('duplicate', lang, { field: uniqueField(err.message) }) };
    if (pg === '22001') return { status: 400, msg: t('valueTooLong', lang) };
    if (pg.startsWith('22') || pg === '23502' || pg === '23503' || pg === '23514') return { status: 400, msg: t('badRequest', lang, { detail: pg }) };
  }
  const sc = fe.statusCode ?? 500;
  if (sc >= 400 && sc < 500) return { status: sc, msg: t('badRequest', lang, { detail: fe.message }) };
  return { status: 500, msg: t('serverError', lang) };
}

function uniqueField(message: string): string {
  const m = /unique constraint "([^"]+)"/.exec(message);
  return m ? m[1].replace(/^blade_[a-z]+_/, '') : '';
}

function validationMessage(err: { validation?: unknown[]; message: string }, lang: Lang): string {
  // fastify-type-provider-zod hands each zod issue as {keyword: code, instancePath, message, params: rest}
  const issues = (err.validation ?? []) as { keyword?: string; instancePath?: string; message?: string; params?: Record<string, unknown> }[];
  const parts = issues.map((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
    const p = v.params ?? {};
    const message = v.message ?? '';
    const own = fromZmsg(message, lang);
    if (own) return own;
    switch (v.keyword) {
      case 'invalid_type':
        return /received undefined/.test(message) ? t('required', lang, { field }) : t('invalid', lang, { field });
      case 'too_small':
        if (p.origin === 'string' && Number(p.minimum) === 1) return t('required', lang, { field });
        return t(p.origin === 'string' ? 'tooShort' : 'tooSmall', lang, { field, min: String(p.minimum) });
      case 'too_big':
        return t(p.origin === 'string' ? 'tooLong' : 'tooBig', lang, { field, max: String(p.maximum) });
      default:
        return t('invalid', lang, { field });
    }
  });
  return [...new Set(parts)].join(' | ') || t('badRequest', lang, { detail: err.message });
}
