// A ResourceList screen from an entity's one model definition (@campus/schema defineModel): its
// columns, search fields, form fields with their limits and required messages, options and
// permission codes. The model's labels (zh / en) are added to i18next under model.<name>.
import type { Rule } from 'antd/es/form';
import { splitEmails, type FieldDef, type ModelDef, type Text2 } from '@campus/schema';
import i18n from '../i18n';
import type { Crud } from '../api/crud';
import type { FieldSpec, ResourceColumn, ResourceDescription } from './ResourceList';

const TOO_SHORT: Text2 = ['{label}不能少于{n}个字符', '{label} needs at least {n} characters'];
const INVALID: Text2 = ['{label}格式不正确', '{label} is invalid'];
const URL_RE = /^https?:\/\/\S+$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** One address of an address list (format emails): no separators, brackets or quotes either. */
const LIST_EMAIL_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

const registered = new WeakSet<ModelDef>();
/** The model's labels as i18n resources (both languages; merged into what the label chunks bring). */
function register(model: ModelDef): void {
  // once per model: a page that builds its description on every render adds nothing again
  if (registered.has(model)) return;
  registered.add(model);
  for (const [lang, at] of [['zh', 0], ['en', 1]] as const) {
    const pick = (t: Text2) => t[at];
    const fill = (t: Text2, f: FieldDef, n = '') => pick(t).replace('{label}', pick(f.label)).replace('{n}', n);
    const fields: Record<string, string> = {};
    const required: Record<string, string> = {};
    const options: Record<string, Record<string, string>> = {};
    const rules: Record<string, Record<string, string>> = {};
    for (const [name, f] of Object.entries(model.fields)) {
      fields[name] = pick(f.label);
      if (f.requiredMessage) required[name] = pick(f.requiredMessage);
      if (f.options) options[name] = Object.fromEntries(f.options.map((o) => [String(o.value), pick(o.label)]));
      const r: Record<string, string> = {};
      if (f.minLength) r.minLength = f.minLengthMessage ? pick(f.minLengthMessage) : fill(TOO_SHORT, f, String(f.minLength));
      if (f.pattern || f.format) r.invalid = f.patternMessage ? pick(f.patternMessage) : fill(INVALID, f);
      // an address list's message may name the wrong address: {value} as i18next writes it
      if (f.format === 'emails' && r.invalid) r.invalid = r.invalid.replace('{value}', '{{value}}');
      if (Object.keys(r).length) rules[name] = r;
    }
    i18n.addResourceBundle(lang, 'translation', { model: { [model.name]: { title: pick(model.title), fields, required, options, rules } } }, true, true);
  }
}

/** What a screen adds to its model: the description's own parts, and per field what differs from the generated column. */
export type ModelExtra<T> = Partial<ResourceDescription<T>> & {
  fields?: Record<string, Partial<ResourceColumn<T>>>;
  /** Columns after the model's (e.g. an audit column such as createTime). */
  append?: ResourceColumn<T>[];
};

export function modelResource<T>(model: ModelDef, api: Crud<T>, extra: ModelExtra<T> = {}): ResourceDescription<T> {
  register(model);
  const key = `model.${model.name}`;
  const { fields: overrides = {}, append = [], ...rest } = extra;
  const columns = Object.entries(model.fields).filter(([, f]) => !f.hidden).map(([name, f]): ResourceColumn<T> => {
    const ui = f.ui ?? {};
    // (an address list is typed on one line, comma-separated)
    const type: FieldSpec['type'] = ui.form || (f.format === 'json' ? 'json' : f.format === 'emails' ? 'text' : f.options ? 'select' : f.type === 'int' || f.type === 'decimal' ? 'number' : f.type === 'text' ? 'textarea' : f.type === 'datetime' ? 'datetime' : 'text');
    const rules: Rule[] = [];
    if (f.minLength) rules.push({ min: f.minLength, message: `${key}.rules.${name}.minLength` });
    if (f.pattern) rules.push({ pattern: new RegExp(f.pattern), message: `${key}.rules.${name}.invalid` });
    // (a JSON field's form control checks its document itself)
    if (f.format === 'url' || f.format === 'email') rules.push({ pattern: f.format === 'url' ? URL_RE : EMAIL_RE, message: `${key}.rules.${name}.invalid` });
    // an address list (typed as one string or picked as an array): every address valid, and one at least when required
    if (f.format === 'emails') {
      rules.push({
        validator: async (_: unknown, v: unknown) => {
          const list = splitEmails(v);
          const bad = list.find((a) => !LIST_EMAIL_RE.test(a));
          if (bad) throw new Error(i18n.t(`${key}.rules.${name}.invalid`, { value: bad }));
          if (f.required && !list.length) throw new Error(f.requiredMessage ? i18n.t(`${key}.required.${name}`) : i18n.t('common.required', { label: i18n.t(`${key}.fields.${name}`) }));
        },
      });
    }
    const column: ResourceColumn<T> = {
      title: `${key}.fields.${name}`,
      dataIndex: name as keyof T & string,
      search: ui.search === false ? undefined : f.filter,
      width: ui.width,
      ellipsis: ui.ellipsis,
      sortable: f.sortable,
      hideInTable: ui.hideInTable || f.secret || undefined,
      inDetail: f.secret || ui.detail === false ? false : undefined,
      options: f.options?.map((o) => ({ label: `${key}.options.${name}.${o.value}`, value: o.value, color: o.color })),
      form: ui.form === false || f.readOnly ? false : {
        type, required: f.required, requiredMessage: f.requiredMessage ? `${key}.required.${name}` : undefined,
        min: f.min, max: f.max, rows: ui.rows, span: ui.span,
        default: f.multiple && typeof f.default === 'string' ? f.default.split(',').filter(Boolean) : f.default,
        ...(f.multiple ? { multiple: true, csv: true } : {}),
        ...(rules.length ? { rules } : {}),
      },
    };
    const o = overrides[name];
    if (!o) return column;
    return { ...column, ...o, form: o.form === undefined ? column.form : o.form && column.form ? { ...column.form, ...o.form } : o.form };
  });
  const p = model.permission;
  return {
    title: `${key}.title`, api, columns: [...columns, ...append],
    // a model without codes (permission null, see its access): the screen says what it offers (extra.permissions)
    permissions: p === null ? {} : { add: `${p}_add`, edit: `${p}_edit`, delete: `${p}_delete`, view: `${p}_view` },
    ...rest,
  };
}
