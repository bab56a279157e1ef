// Renderer of a designed form (spec 000 §3 "Form-designer column", §5): one schema drives the start
// page, the detail page, the form designer's preview and (later) micro-apps and reports, so nothing
// here knows about processes: the caller says which fields may be written. Unreadable fields are
// hidden, unwritable fields are read-only and drop their rules. Every field is checked by the one
// validator the server runs too (packages/schema validate.ts: the §5 messages, lengths, ranges,
// options, dates, uploads, sub-form rows). Field types and their controls are in form-fields.tsx,
// default-value templates in form-template.ts, the theme and variables a form keeps in form-sets.ts.
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { Col, ConfigProvider, Divider, Form, Row, Typography, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/store';
import { Control, UserField, type UploadedItem } from './form-fields';
import {
  columnsOf,
  fieldProblems,
  formErrors,
  FULL_WIDTH_TYPES,
  isRequired,
  labelOf,
  LAYOUT_TYPES,
  problemText,
  typeOf,
  type FormColumn,
  type FormOption,
  type Lang,
  type Values,
} from '@campus/schema';
import i18n from '../../i18n';
import { resolveDefault, type TemplateContext } from './form-template';
import { layoutOf } from './form-sets';
import './form-renderer.css';

export { columnsOf, labelOf, UserField };
export type { FormColumn, FormOption, UploadedItem };


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

const lang = (): Lang => (i18n.language === 'en' ? 'en' : 'zh');

/**
 * Validates the whole form with the shared validator (the fields this page may write): the errors
 * show under their fields, and the promise rejects with every message joined by ' | ' (spec 000
 * §4 "Start flow", §5), the same text the server would answer.
 */
export async function validateForm(form: FormInstance, option: FormOption | null | undefined, writable: (c: FormColumn) => boolean): Promise<Values> {
  await form.validateFields().catch(() => undefined); // marks the fields; the messages come from below
  const values = form.getFieldsValue(true) as Values;
  const canWrite = (c: FormColumn) => writable(c) && c.writable !== false && c.disabled !== true && c.readonly !== true;
  const errors = formErrors(option, values, lang(), { writable: canWrite });
  if (errors.length) throw new Error(errors.join(' | '));
  return values;
}

/** The field's rule: the shared validator's first problem, in the page's language. */
export function rulesOf(c: FormColumn): Rule[] {
  return [{ validator: async (_, v) => {
    const [p] = fieldProblems(c, v);
    if (p) throw new Error(problemText(p, lang()));
  } }];
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
          rules={canWrite ? rulesOf(c) : []}
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
