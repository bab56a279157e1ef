// Renderer of a designed form (spec 000 §3 "Form-designer column", §5): one schema drives the start
// page, the detail page, the form designer's preview and (later) micro-apps and reports, so nothing
// here knows about processes: the caller says which fields may be written. Unreadable fields are
// hidden, unwritable fields are read-only and drop their rules; required / upload / pattern rules
// carry the exact §5 messages; the dynamic sub-table has its own required checks. Field types and
// their controls are in form-fields.tsx, the schema in form-schema.ts, default-value templates in
// form-template.ts, the theme and variables a form keeps in form-sets.ts.
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { Col, ConfigProvider, Divider, Form, Row, Typography, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/store';
import { Control, UserField, type UploadedItem } from './form-fields';
import {
  columnsOf,
  FULL_WIDTH_TYPES,
  isEmpty,
  isRequired,
  labelOf,
  LAYOUT_TYPES,
  patternRules,
  typeOf,
  type FormColumn,
  type FormOption,
  type Values,
} from './form-schema';
import { resolveDefault, type TemplateContext } from './form-template';
import { layoutOf } from './form-sets';
import './form-renderer.css';

export { columnsOf, labelOf, UserField };
export type { FormColumn, FormOption, UploadedItem };

type T = (k: string, o?: Values) => string;

/** The template context of the signed-in user, read when a default is needed. */
export function sessionTemplateContext(): TemplateContext {
  const { profile, userInfo, tenantId } = useSession.getState();
  return {
    now: new Date(),
    user: {
      id: profile?.userId ?? userInfo?.user_id,
      account: profile?.account ?? userInfo?.account,
      realName: profile?.realName ?? userInfo?.real_name ?? userInfo?.user_name,
      nickName: profile?.nickName ?? userInfo?.nick_name,
      deptId: profile?.deptId ?? userInfo?.dept_id,
      deptName: profile?.deptName,
      postId: profile?.postId ?? userInfo?.post_id,
      roleId: profile?.roleId ?? userInfo?.role_id,
      roleName: profile?.roleName ?? userInfo?.role_name,
      tenantId: profile?.tenantId ?? userInfo?.tenant_id ?? tenantId,
      phone: profile?.phone,
      email: profile?.email,
    },
  };
}

/** Default values of the columns (value) for a new form: ${...} templates filled (form-template.ts). */
export function defaultsOf(option: FormOption | null | undefined, context: TemplateContext = sessionTemplateContext()): Values {
  const ctx = { ...context, variables: context.variables ?? option?.variables };
  const out: Values = {};
  for (const c of columnsOf(option)) {
    const type = typeOf(c);
    if (LAYOUT_TYPES.has(type)) continue;
    if (c.value !== undefined && c.value !== null && c.value !== '') out[c.prop] = resolveDefault(c.value, ctx);
    else if (type === 'dynamic') out[c.prop] = [];
  }
  return out;
}

/** Values of the writable fields only (what a node may send). */
export function writableValues(option: FormOption | null | undefined, values: Values, writable: (c: FormColumn) => boolean): Values {
  const out: Values = {};
  for (const c of columnsOf(option)) if (writable(c) && c.prop in values) out[c.prop] = values[c.prop];
  return out;
}

/** The §5 errors of the dynamic sub-tables (required cells, then patterns of filled cells). */
export function subTableErrors(option: FormOption | null | undefined, values: Values, writable: (c: FormColumn) => boolean, t: T): string[] {
  const errors: string[] = [];
  for (const c of columnsOf(option)) {
    if (typeOf(c) !== 'dynamic' || !writable(c) || c.readable === false || c.disabled || c.readonly) continue;
    const children = (c.children?.column ?? []).filter((x) => x.prop && x.readable !== false && x.writable !== false && !x.disabled);
    const rows = Array.isArray(values[c.prop]) ? (values[c.prop] as Values[]) : [];
    const required = children.filter(isRequired);
    if (required.length && !rows.length) {
      errors.push(t('fr.subEmpty', { label: labelOf(c) }));
      continue;
    }
    rows.forEach((row, i) => {
      for (const r of children) {
        if (isRequired(r) && isEmpty(row[r.prop])) errors.push(t('fr.subRow', { label: labelOf(c), n: i + 1, field: labelOf(r) }));
        else if (!isEmpty(row[r.prop]) && patternRules(r).some((p) => !p.re.test(String(row[r.prop])))) {
          errors.push(t('fr.subRowPattern', { label: labelOf(c), n: i + 1, field: labelOf(r) }));
        }
      }
    });
  }
  return errors;
}

/**
 * Validates the whole form: the field rules, then the sub-table checks. Rejects with the messages
 * joined by ' | ' (spec 000 §4 "Start flow", §5).
 */
export async function validateForm(form: FormInstance, option: FormOption | null | undefined, writable: (c: FormColumn) => boolean, t: T): Promise<Values> {
  const errors: string[] = [];
  try {
    await form.validateFields();
  } catch (e) {
    const fields = (e as { errorFields?: { errors: string[] }[] }).errorFields ?? [];
    for (const f of fields) errors.push(...f.errors);
  }
  const values = form.getFieldsValue(true) as Values;
  errors.push(...subTableErrors(option, values, writable, t));
  const unique = [...new Set(errors)];
  if (unique.length) throw new Error(unique.join(' | '));
  return values;
}

/** Field rules with the §5 messages: {label}不能为空 / {label}必须上传 / {label}格式不匹配 (or the rule's own message). */
export function rulesOf(c: FormColumn, t: T): Rule[] {
  const rules: Rule[] = [];
  const label = labelOf(c);
  const type = typeOf(c);
  if (isRequired(c) && type !== 'dynamic') {
    const custom = (c.rules ?? []).find((r) => r.required && r.message)?.message;
    rules.push({
      validator: async (_, v) => {
        if (isEmpty(v)) throw new Error(custom || t(type === 'upload' ? 'fr.uploadRequired' : 'fr.required', { label }));
      },
    });
  }
  for (const p of patternRules(c)) {
    rules.push({
      validator: async (_, v) => {
        if (!isEmpty(v) && !p.re.test(Array.isArray(v) ? v.join(',') : String(v))) throw new Error(p.message || t('fr.pattern', { label }));
      },
    });
  }
  return rules;
}

export interface FormRendererProps {
  option: FormOption | null | undefined;
  form: FormInstance;
  /** Whether a field may be written here (start: all; detail: per task). Default: every field. */
  writable?: (c: FormColumn) => boolean;
  initialValues?: Values;
  className?: string;
  /** Text shown when the option has no fields. */
  emptyText?: ReactNode;
}

const ALL = () => true;

export function FormRenderer({ option, form, writable = ALL, initialValues, className, emptyText }: FormRendererProps) {
  const { t } = useTranslation();
  // the form's own settings, else its theme's (form-sets.ts)
  const layout = layoutOf(option);
  const position = layout.labelPosition;
  const horizontal = position !== 'top';
  const variables = option?.variables;
  const templateContext = useMemo(() => (variables ? () => ({ ...sessionTemplateContext(), variables }) : sessionTemplateContext), [variables]);
  const item = (c: FormColumn): ReactNode => {
    if (c.readable === false || c.display === false) return null;
    const type = typeOf(c);
    if (LAYOUT_TYPES.has(type)) {
      return (
        <Col span={24} key={c.prop}>
          <Divider orientation="left" plain className={`fr-divider wf-field-${c.prop}`}>
            {labelOf(c)}
          </Divider>
        </Col>
      );
    }
    const canWrite = writable(c) && c.writable !== false && c.disabled !== true && c.readonly !== true;
    const span = FULL_WIDTH_TYPES.has(type) ? 24 : (c.span ?? layout.span);
    return (
      <Col xs={24} md={span} key={c.prop}>
        <Form.Item
          name={c.prop}
          label={labelOf(c)}
          required={canWrite && isRequired(c)}
          rules={canWrite ? rulesOf(c, t) : []}
          extra={c.tip}
          className={`wf-field wf-field-${c.prop} fr-type-${type}`}
        >
          <Control column={c} disabled={!canWrite} templateContext={templateContext} />
        </Form.Item>
      </Col>
    );
  };
  if (!columnsOf(option).length) return <Typography.Text type="secondary">{emptyText ?? t('fr.noForm')}</Typography.Text>;
  const themed = layout.primaryColor;
  const body = (
    <Form
      form={form}
      layout={horizontal ? 'horizontal' : 'vertical'}
      labelAlign={position === 'left' ? 'left' : 'right'}
      labelCol={horizontal ? { flex: `${layout.labelWidth}px` } : undefined}
      labelWrap={horizontal}
      wrapperCol={horizontal ? { flex: 1 } : undefined}
      size={layout.size}
      initialValues={initialValues}
      className={`wf-form fr-form${themed ? ' fr-themed' : ''} ${className ?? ''}`}
      style={themed ? ({ '--fr-primary': themed } as CSSProperties) : undefined}
      data-theme={option?.theme?.name || undefined}
      requiredMark
    >
      <Row gutter={layout.gutter}>{(option?.column ?? []).map(item)}</Row>
      {(option?.group ?? []).map((g, i) => (
        <div key={g.prop ?? i}>
          <Divider orientation="left">{g.label}</Divider>
          <Row gutter={layout.gutter}>{(g.column ?? []).map(item)}</Row>
        </div>
      ))}
    </Form>
  );
  // the theme's accent recolours the form's own controls only, not the page around it
  return themed ? <ConfigProvider theme={{ token: { colorPrimary: themed } }}>{body}</ConfigProvider> : body;
}
