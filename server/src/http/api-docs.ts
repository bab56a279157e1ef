// The API documentation (OpenAPI from the route schemas, Swagger UI at /api/docs) in the reader's
// language: the document's info.title / info.description and the page's <title> and lang. The
// language is `?lang=zh|en` on the document, else the `lang` cookie the web app keeps on /api/docs
// (its language setting: the docs open inside the app's frame, whose requests carry no app
// headers), else Accept-Language, else Chinese; so are the descriptions of the operation groups.
// The operations' summaries are developer text (English), and Swagger UI's own controls stay as
// the library writes them (English).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { langOf, type Lang } from './messages.ts';

export const DOCS_PREFIX = '/api/docs';

/** The document's title and description in each language. */
export const DOCS_INFO: Record<Lang, { title: string; description: string }> = {
  zh: {
    title: '智慧校园服务平台接口文档',
    description: '与 BladeX 兼容的 HTTP 接口：统一返回 {code, success, data, msg}；分页列表支持后缀查询条件；以 Blade-Auth 请求头携带 bearer 令牌。原系统在客户端用 AES 密钥加密的请求体，这里经 HTTPS 以明文 JSON 传输。',
  },
  en: {
    title: 'Campus platform API',
    description: 'BladeX-compatible HTTP contract: envelope {code, success, data, msg}; paged lists with suffix filters; Blade-Auth bearer tokens. Payloads the original encrypted with a client-side AES key travel as plain JSON over HTTPS here.',
  },
};

/** What each group of operations (the route tags) is about, shown beside its name. */
export const DOCS_TAGS: Record<string, [zh: string, en: string]> = {
  auth: ['登录、令牌与验证码', 'Sign-in, tokens and captchas'],
  message: ['站内消息', 'In-app messages'],
  system: ['用户、部门、岗位、角色、菜单、字典、参数、租户、应用、行政区划', 'Users, departments, posts, roles, menus, dictionaries, parameters, tenants, clients, regions'],
  desk: ['通知公告', 'Notices'],
  log: ['错误、通用、接口与登录日志', 'Error, usual, API and sign-in logs'],
  job: ['定时任务与任务日志', 'Scheduled jobs and their logs'],
  develop: ['开发工具：数据源、代码生成、数据模型、规则、表单数据源', 'Developer tools: data sources, code generation, data models, rules, form data sources'],
  signature: ['签名', 'Signatures'],
  resource: ['对象存储、附件与短信', 'Object storage, attachments and SMS'],
  thirdparty: ['第三方服务', 'Third-party services'],
  email: ['邮件', 'E-mail'],
  'workflow-process': ['我的事务：发起、待办、审批、抄送', 'My affairs: start, to-do, approval, copies'],
  'workflow-ops': ['流程监控与运维', 'Process monitoring and operations'],
  'workflow-design': ['流程与表单设计、部署', 'Process and form design, deployment'],
  'runtime-model': ['运行时数据模型：定义、建表与数据读写', 'Run-time models: definition, tables and their rows'],
  miniapp: ['微应用：数据模型与建表、应用、分类、菜单、按钮、权限、业务数据、打印模板、审计与采集日志', 'Micro-apps: data models and their tables, apps, categories, menus, buttons, permissions, business data, print templates, audit and collection logs'],
  portal: ['门户：公开的首页与服务大厅、服务办理、收藏与访问、待办中心、个人数据，以及门户各项内容的管理', 'Portal: the public index and service hall, handling services, favourites and visits, the to-do centre, personal data, and the management of every portal entity'],
};

/** The `lang` cookie of a request, when it names a language. */
function cookieLang(header: string | undefined): Lang | null {
  const m = /(?:^|;\s*)lang=(zh|en)(?:;|$)/.exec(header ?? '');
  return m ? (m[1] as Lang) : null;
}

const langQuery = z.object({ lang: z.enum(['zh', 'en']) });

/** The language the docs answer a request in. */
export function docsLang(req: FastifyRequest): Lang {
  // the docs' routes are swagger-ui's, without a querystring schema: the query is read here
  return langQuery.safeParse(req.query).data?.lang
    ?? cookieLang(req.headers.cookie)
    ?? langOf(req.headers['accept-language']);
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Registers the OpenAPI document and its Swagger UI page under /api/docs. */
export async function apiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { ...DOCS_INFO.zh, version: '1.0.0' },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } } },
      security: [{ bladeAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // a scope of its own, so the page rewrite below touches the docs' answers only
  await app.register(async (docs) => {
    docs.addHook('onSend', async (req, reply, payload) => {
      reply.header('Vary', 'Accept-Language, Cookie');
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload !== 'string' || !type.startsWith('text/html')) return payload;
      const lang = docsLang(req);
      return payload
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(DOCS_INFO[lang].title)}</title>`)
        .replace(/<html lang="[^"]*">/, `<html lang="${lang === 'en' ? 'en' : 'zh-CN'}">`);
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: 'none', deepLinking: true },
      transformSpecification: (spec, req) => {
        const lang = docsLang(req);
        const doc = spec as { info?: Record<string, unknown>; tags?: { name: string; description?: string }[] };
        doc.info = { ...doc.info, ...DOCS_INFO[lang] };
        doc.tags = Object.entries(DOCS_TAGS).map(([name, d]) => ({ name, description: d[lang === 'en' ? 1 : 0] }));
        return doc;
      },
    });
  });
}
