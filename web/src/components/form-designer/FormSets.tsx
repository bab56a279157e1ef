// The workflow design sets inside the form designer (form-sets.ts says what they mean): choose a
// theme (the form keeps a copy; its own layout settings give way to it), apply a default-value set
// (fills the defaults of the fields it names), and the variables a default value may insert.
import { useEffect, useState } from 'react';
import { Button, Divider, Form, Select, Space, Tag, Typography, message } from 'antd';
import { BgColorsOutlined, FunctionOutlined, ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { allOf, defaultValuesApi, themeApi, variableApi, type DefaultValuesRow, type ThemeRow, type VariableRow } from '../../pages/workflow/design/sets/api';
import { applyDefaultValues, insertVariable, layoutOf, parseDefaultValues, parseTheme, referencedNames } from '../workflow/form-sets';
import type { FormOption } from '../workflow/form-schema';
import type { DesignColumn, DesignOption } from './palette';

export interface DesignSets {
  themes: ThemeRow[];
  variables: VariableRow[];
  defaults: DefaultValuesRow[];
}

/** The tenant's themes, variables and default-value sets (empty when the caller may not read them). */
export function useDesignSets(): DesignSets {
  const [sets, setSets] = useState<DesignSets>({ themes: [], variables: [], defaults: [] });
  useEffect(() => {
    let live = true;
    const none = () => [] as never[];
    void Promise.all([allOf(themeApi).catch(none), allOf(variableApi).catch(none), allOf(defaultValuesApi).catch(none)]).then(([themes, variables, defaults]) => {
      if (live) setSets({ themes, variables, defaults });
    });
    return () => {
      live = false;
    };
  }, []);
  return sets;
}

/** The design with a theme chosen: a copy of its settings; the form's own layout settings and the widths that followed the old default give way to it. */
export function withTheme(design: DesignOption, row: ThemeRow | null): DesignOption {
  const before = layoutOf(design as unknown as FormOption).span;
  const { labelPosition: _p, labelWidth: _w, size: _s, span: _sp, gutter: _g, theme: _t, ...rest } = design;
  if (!row) return { ...design, theme: undefined };
  const next: DesignOption = { ...rest, theme: { id: String(row.id), name: row.name, ...parseTheme(row.content) } };
  const follow = (c: DesignColumn): DesignColumn => {
    if (c.span !== before) return c;
    const { span: _x, ...keep } = c;
    return keep as DesignColumn;
  };
  return { ...next, column: design.column.map(follow) };
}

/** Theme and default-value set of the whole form (the 表单 tab). */
export function FormSetsPanel({ design, sets, onChange }: { design: DesignOption; sets: DesignSets; onChange: (d: DesignOption) => void }) {
  const { t } = useTranslation();
  const [chosenDefaults, setChosenDefaults] = useState<string | undefined>();
  const theme = design.theme;
  const apply = () => {
    const row = sets.defaults.find((d) => String(d.id) === chosenDefaults);
    const values = row ? parseDefaultValues(row.content) : null;
    if (!row || !values) {
      message.warning(t('wfs.form.defaultsInvalid'));
      return;
    }
    const r = applyDefaultValues(design.column, values);
    // a default may use form variables: the form keeps those it now refers to
    const used = referencedNames(r.columns);
    const known = Object.fromEntries(sets.variables.filter((v) => v.prop && used.has(v.prop)).map((v) => [String(v.prop), String(v.content ?? '')]));
    onChange({ ...design, column: r.columns, variables: { ...(design.variables ?? {}), ...known } });
    if (r.applied.length) message.success(t('wfs.form.defaultsApplied', { n: r.applied.length, fields: r.applied.join(', ') }));
    if (r.unknown.length) message.warning(t('wfs.form.defaultsUnknown', { fields: r.unknown.join(', ') }));
  };
  return (
    <>
      <Divider plain orientation="left" className="fd-sets-divider">
        <BgColorsOutlined /> {t('wfs.form.theme')}
      </Divider>
      <Form.Item extra={t('wfs.form.themeHelp')}>
        <Select
          id="fd-theme"
          className="fd-theme-select"
          allowClear
          placeholder={t('wfs.form.themeNone')}
          value={theme?.id}
          notFoundContent={t('wfs.form.noThemes')}
          options={[
            // a theme deleted since the form chose it is still the form's copy
            ...(theme?.id && !sets.themes.some((r) => String(r.id) === theme.id) ? [{ value: theme.id, label: theme.name ?? theme.id }] : []),
            ...sets.themes.map((r) => ({ value: String(r.id), label: r.name })),
          ]}
          onChange={(id?: string) => onChange(withTheme(design, id ? (sets.themes.find((r) => String(r.id) === id) ?? null) : null))}
        />
      </Form.Item>
      {theme && (
        <Space size={4} wrap className="fd-theme-tags">
          {theme.primaryColor && (
            <Tag color={theme.primaryColor} className="fd-theme-color">
              {theme.primaryColor}
            </Tag>
          )}
          {theme.labelPosition && <Tag>{t(`wfs.theme.position.${theme.labelPosition}`)}</Tag>}
          {theme.columns && <Tag>{t('wfs.theme.perRow', { n: theme.columns })}</Tag>}
          {theme.size && <Tag>{t(`wfs.theme.sizes.${theme.size}`)}</Tag>}
        </Space>
      )}
      <Divider plain orientation="left" className="fd-sets-divider">
        <ProfileOutlined /> {t('wfs.form.defaults')}
      </Divider>
      <Form.Item extra={t('wfs.form.defaultsHelp')}>
        <Space.Compact block>
          <Select
            id="fd-defaults"
            className="fd-defaults-select"
            style={{ flex: 1 }}
            placeholder={t('wfs.form.defaultsPick')}
            value={chosenDefaults}
            notFoundContent={t('wfs.form.noDefaults')}
            options={sets.defaults.map((r) => ({ value: String(r.id), label: r.name }))}
            onChange={setChosenDefaults}
          />
          <Button className="fd-defaults-apply" disabled={!chosenDefaults} onClick={apply}>
            {t('wfs.form.apply')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {design.variables && Object.keys(design.variables).length > 0 && (
        <>
          <Divider plain orientation="left" className="fd-sets-divider">
            <FunctionOutlined /> {t('wfs.form.variablesUsed')}
          </Divider>
          <Space size={4} wrap className="fd-variables-used">
            {Object.keys(design.variables).map((k) => (
              <Tag key={k}>
                <Typography.Text code>{`\${${k}}`}</Typography.Text>
              </Tag>
            ))}
          </Space>
        </>
      )}
    </>
  );
}

/** The "insert variable" menu beside a default value: appends ${prop} and keeps the variable's value with the form. */
export function InsertVariable({ variables, onInsert }: { variables: VariableRow[]; onInsert: (v: VariableRow) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      className="fd-insert-variable"
      size="small"
      value={null}
      placeholder={
        <span>
          <FunctionOutlined /> {t('wfs.form.insertVariable')}
        </span>
      }
      popupMatchSelectWidth={false}
      notFoundContent={t('wfs.form.noVariables')}
      options={variables.filter((v) => v.prop).map((v) => ({ value: String(v.id), label: `${v.name}  \${${v.prop}}` }))}
      onChange={(id: string) => {
        const v = variables.find((x) => String(x.id) === id);
        if (v) onInsert(v);
      }}
      style={{ minWidth: 150 }}
    />
  );
}

/** The column and design after inserting a variable into a column's default value. */
export function insertVariableInto(design: DesignOption, column: DesignColumn, v: VariableRow): { value: string; variables: Record<string, string> } {
  return { value: insertVariable(column.value, String(v.prop)), variables: { ...(design.variables ?? {}), [String(v.prop)]: String(v.content ?? '') } };
}
