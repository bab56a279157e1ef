// Default-value templates of designed fields (spec 001 §5: "Default values containing a ${...}
// template are evaluated as a template, falling back to the raw text on failure"). Pure module: the
// renderer passes the signed-in user and the clock, tests pass their own.
//
// Supported names (also listed in the designer's help, TEMPLATE_NAMES):
//   ${user.id} (= ${user.userId}), ${user.account}, ${user.realName}, ${user.nickName}, ${user.deptId},
//   ${user.deptName}, ${user.postId}, ${user.roleId}, ${user.roleName}, ${user.tenantId}, ${user.phone},
//   ${user.email}
//   ${date} 2026-03-02, ${datetime} 2026-03-02 08:05:09, ${time} 08:05:09, ${year} 2026,
//   ${month} 2026-03, ${timestamp} milliseconds since 1970
// Text around templates is kept ("申请人：${user.realName}"). An unknown name, or a user value that is
// not known, makes the whole value fall back to its raw text, so a mistake shows instead of vanishing.
// Any other ${name} is a form variable (form-sets.ts) when the form keeps one of that name.

export interface TemplateUser {
  id?: string;
  account?: string;
  realName?: string;
  nickName?: string;
  deptId?: string;
  deptName?: string;
  postId?: string;
  roleId?: string;
  roleName?: string;
  tenantId?: string;
  phone?: string;
  email?: string;
}

export interface TemplateContext {
  user: TemplateUser;
  now: Date;
  /** The form's variables (form-sets.ts): ${prop} is their value, itself filled with the names above. */
  variables?: Record<string, string>;
}

const USER_NAMES = ['id', 'userId', 'account', 'realName', 'nickName', 'deptId', 'deptName', 'postId', 'roleId', 'roleName', 'tenantId', 'phone', 'email'] as const;
const TIME_NAMES = ['date', 'datetime', 'time', 'year', 'month', 'timestamp'] as const;

/** Every template name the renderer understands, as written in a default value. */
export const TEMPLATE_NAMES: string[] = [...TIME_NAMES.map((n) => `\${${n}}`), ...USER_NAMES.map((n) => `\${user.${n}}`)];

const pad = (n: number) => String(n).padStart(2, '0');

function timeValue(name: string, now: Date): string | undefined {
  const d = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const t = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  switch (name) {
    case 'date':
      return d;
    case 'datetime':
      return `${d} ${t}`;
    case 'time':
      return t;
    case 'year':
      return String(now.getFullYear());
    case 'month':
      return d.slice(0, 7);
    case 'timestamp':
      return String(now.getTime());
    default:
      return undefined;
  }
}

function userValue(name: string, user: TemplateUser): string | undefined {
  const key = name === 'userId' ? 'id' : name;
  if (!(USER_NAMES as readonly string[]).includes(name)) return undefined;
  const v = user[key as keyof TemplateUser];
  return v === undefined || v === null || v === '' ? undefined : String(v);
}

/** Whether a value is a template text. */
export const isTemplate = (v: unknown): v is string => typeof v === 'string' && /\$\{[^}]*\}/.test(v);

/** Fills every ${name} of a text; answers the raw text when any name cannot be filled. */
export function fillTemplate(text: string, ctx: TemplateContext): string {
  let failed = false;
  const out = text.replace(/\$\{\s*([^}]*?)\s*\}/g, (_, name: string) => {
    let v = name.startsWith('user.') ? userValue(name.slice(5), ctx.user) : timeValue(name, ctx.now);
    const variable = ctx.variables?.[name];
    if (v === undefined && typeof variable === 'string') {
      // a variable's value may use the built-in names, not other variables (no cycles)
      const inner = fillTemplate(variable, { ...ctx, variables: undefined });
      v = isTemplate(inner) ? undefined : inner;
    }
    if (v === undefined) failed = true;
    return v ?? '';
  });
  return failed ? text : out;
}

/** The starting value of a field: templates filled, anything else as designed. */
export function resolveDefault(value: unknown, ctx: TemplateContext): unknown {
  return isTemplate(value) ? fillTemplate(value, ctx) : value;
}
