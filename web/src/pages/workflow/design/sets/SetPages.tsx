// The four workflow design sets (spec 000 §7): 表单主题, 表单变量, 表单默认值 and 流程按钮, each a
// searchable, paged list with add / edit / view / delete over the one generic ResourceList. Their
// columns, search fields, forms, labels and permission codes come from their models (@campus/schema
// wfFormThemeModel …, components/model-resource.ts); what the sets share (the time column, newest
// first) is written once in setResource, and each set adds what its screen shows beyond the model:
// the theme editor, the variable and default-value checks, the button choices. What their content
// means is in components/workflow/form-sets.ts; the form designer and the process designer use them.
import { useMemo, type ReactNode } from 'react';
import { Badge, ColorPicker, Input, InputNumber, Segmented, Space, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { wfButtonModel, wfFormDefaultValuesModel, wfFormThemeModel, wfFormVariableModel, type ModelDef } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../../../components/ResourceList';
import { modelResource, type ModelExtra } from '../../../../components/model-resource';
import type { Crud } from '../../../../api/crud';
import {
  badDefaultKeys,
  HEX_COLOR,
  jsonObject,
  parseDefaultValues,
  parseTheme,
  RESERVED_VARIABLE_NAMES,
  THEME_LIMITS,
  themeProblems,
  VARIABLE_PROP,
  type FormTheme,
} from '../../../../components/workflow/form-sets';
import { DEFAULT_BUTTONS } from '../../../../components/workflow/designer/buttons';
import './sets.css';
import { buttonSetApi, defaultValuesApi, themeApi, variableApi, type ButtonSetRow, type DefaultValuesRow, type ThemeRow, type VariableRow } from './api';

type T = (k: string, o?: Record<string, unknown>) => string;
type Row = Record<string, unknown>;

const timeText = (row: Row) => String(row.updateTime ?? row.createTime ?? '').slice(0, 19).replace('T', ' ');

/** The name's longest (its column, varchar 255), said before the server refuses it. */
const NAME_RULES: Rule[] = [{ max: 255, message: 'wfs.nameTooLong' }];

/** What the four sets share beyond their model: the time column, newest first, the form's width. */
function setResource<R>(model: ModelDef, api: Crud<R>, extra: ModelExtra<R>): ResourceDescription<R> {
  return modelResource<R>(model, api, {
    sort: { descs: 'create_time' },
    formWidth: 640,
    append: [{ title: 'wfs.updateTime', dataIndex: 'updateTime' as keyof R & string, width: 170, render: timeText }],
    ...extra,
  });
}

/** A value of a rule that answers an i18n message (ResourceList translates string messages only). */
const check = (t: T, fn: (value: unknown, get: (name: string) => unknown) => Promise<string | null> | string | null): Rule => ({ getFieldValue }) => ({
  validator: async (_r, value) => {
    const problem = await fn(value, getFieldValue);
    if (problem) throw new Error(t(problem));
  },
});

// ---- themes ----------------------------------------------------------------------------------

/** The theme's settings as controls; the value is the theme JSON text (form-sets.ts). */
function ThemeEditor({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const raw = jsonObject(value) ?? {};
  const theme = raw as FormTheme;
  const set = (patch: Partial<FormTheme>) => {
    const next: Row = { ...raw, ...patch };
    for (const [k, v] of Object.entries(next)) if (v === undefined || v === null || v === '') delete next[k];
    onChange?.(Object.keys(next).length ? JSON.stringify(next) : '');
  };
  const color = typeof theme.primaryColor === 'string' ? theme.primaryColor : '';
  return (
    <div className="wfs-theme-editor">
      <div className="wfs-theme-row">
        <span className="wfs-theme-label">{t('wfs.theme.labelPosition')}</span>
        <Segmented
          aria-label={t('wfs.theme.labelPosition')}
          className="wfs-theme-position"
          value={theme.labelPosition ?? 'top'}
          options={(['top', 'left', 'right'] as const).map((v) => ({ value: v, label: t(`wfs.theme.position.${v}`) }))}
          onChange={(v) => set({ labelPosition: v as FormTheme['labelPosition'] })}
        />
      </div>
      <div className="wfs-theme-row">
        <span className="wfs-theme-label">{t('wfs.theme.labelWidth')}</span>
        <InputNumber
          id="wfs-theme-label-width"
          min={THEME_LIMITS.labelWidth[0]}
          max={THEME_LIMITS.labelWidth[1]}
          addonAfter="px"
          placeholder="110"
          value={theme.labelWidth}
          onChange={(v) => set({ labelWidth: v ?? undefined })}
        />
      </div>
      <div className="wfs-theme-row">
        <span className="wfs-theme-label">{t('wfs.theme.size')}</span>
        <Segmented
          aria-label={t('wfs.theme.size')}
          className="wfs-theme-size"
          value={theme.size ?? 'middle'}
          options={(['small', 'middle', 'large'] as const).map((v) => ({ value: v, label: t(`wfs.theme.sizes.${v}`) }))}
          onChange={(v) => set({ size: v as FormTheme['size'] })}
        />
      </div>
      <div className="wfs-theme-row">
        <span className="wfs-theme-label">{t('wfs.theme.columns')}</span>
        <Segmented
          aria-label={t('wfs.theme.columns')}
          className="wfs-theme-columns"
          value={theme.columns ?? 2}
          options={[1, 2, 3, 4].map((n) => ({ value: n, label: t('wfs.theme.perRow', { n }) }))}
          onChange={(v) => set({ columns: v as FormTheme['columns'] })}
        />
      </div>
      <div className="wfs-theme-row">
        <span className="wfs-theme-label">{t('wfs.theme.gutter')}</span>
        <InputNumber id="wfs-theme-gutter" min={THEME_LIMITS.gutter[0]} max={THEME_LIMITS.gutter[1]} addonAfter="px" placeholder="16" value={theme.gutter} onChange={(v) => set({ gutter: v ?? undefined })} />
      </div>
      <div className="wfs-theme-row">
        <span className="wfs-theme-label">{t('wfs.theme.primaryColor')}</span>
        <Space.Compact>
          <ColorPicker value={HEX_COLOR.test(color) ? color : '#1677ff'} disabledAlpha onChangeComplete={(c) => set({ primaryColor: c.toHexString() })} />
          <Input id="wfs-theme-color" style={{ width: 120 }} placeholder="#1677ff" value={color} onChange={(e) => set({ primaryColor: e.target.value.trim() || undefined })} />
        </Space.Compact>
      </div>
    </div>
  );
}

/** A theme as a few tags: accent, label position, fields per row, size. */
export function ThemeSummary({ content }: { content: unknown }) {
  const { t } = useTranslation();
  const th = parseTheme(content);
  return (
    <Space size={4} wrap className="wfs-theme-summary">
      {th.primaryColor && (
        <Tag>
          <span className="wfs-swatch" style={{ background: th.primaryColor }} /> {th.primaryColor}
        </Tag>
      )}
      {th.labelPosition && <Tag>{t(`wfs.theme.position.${th.labelPosition}`)}</Tag>}
      {th.labelWidth && <Tag>{th.labelWidth}px</Tag>}
      {th.columns && <Tag>{t('wfs.theme.perRow', { n: th.columns })}</Tag>}
      {th.size && <Tag>{t(`wfs.theme.sizes.${th.size}`)}</Tag>}
    </Space>
  );
}

function themeResource(t: T): ResourceDescription<ThemeRow> {
  return setResource<ThemeRow>(wfFormThemeModel, themeApi, {
    fields: {
      name: { form: { rules: NAME_RULES } },
      content: {
        render: (row) => <ThemeSummary content={row.content} />,
        form: {
          type: 'custom',
          component: ThemeEditor,
          required: true,
          requiredMessage: 'wfs.theme.contentRequired',
          default: JSON.stringify({ labelPosition: 'top', size: 'middle', columns: 2 }),
          help: 'wfs.theme.help',
          rules: [
            check(t, (v) => {
              if (!v) return null;
              const problems = themeProblems(v);
              return problems.length ? `wfs.theme.problem.${problems[0]}` : null;
            }),
          ],
        },
      },
    },
  });
}

// ---- variables -------------------------------------------------------------------------------

function variableResource(t: T): ResourceDescription<VariableRow> {
  return setResource<VariableRow>(wfFormVariableModel, variableApi, {
    fields: {
      name: { form: { rules: NAME_RULES } },
      prop: {
        render: (row) => <Typography.Text code>{`\${${String(row.prop ?? '')}}`}</Typography.Text>,
        form: {
          required: true,
          help: 'wfs.variable.propHelp',
          rules: [
            { pattern: VARIABLE_PROP, message: 'wfs.variable.propPattern' },
            { max: 64, message: 'wfs.variable.propTooLong' },
            check(t, async (v, get) => {
              const prop = String(v ?? '').trim();
              if (!prop || !VARIABLE_PROP.test(prop)) return null;
              if (RESERVED_VARIABLE_NAMES.has(prop)) return 'wfs.variable.propReserved';
              const same = (await variableApi.list({ prop_equal: prop, size: 5 })).records.filter((r) => String(r.id) !== String(get('id') ?? ''));
              return same.length ? 'wfs.variable.propTaken' : null;
            }),
          ],
        },
      },
      content: {
        form: { required: true, help: 'wfs.variable.contentHelp', placeholder: 'wfs.variable.contentPlaceholder', rules: [{ max: 2000, message: 'wfs.variable.contentTooLong' }] },
      },
    },
  });
}

// ---- default values --------------------------------------------------------------------------

function defaultValuesResource(t: T): ResourceDescription<DefaultValuesRow> {
  return setResource<DefaultValuesRow>(wfFormDefaultValuesModel, defaultValuesApi, {
    formWidth: 720,
    fields: {
      name: { form: { rules: NAME_RULES } },
      content: {
        render: (row) => {
          const v = parseDefaultValues(row.content);
          if (!v) return '-';
          const keys = Object.keys(v);
          return (
            <Space size={4} wrap>
              {keys.slice(0, 6).map((k) => (
                <Tag key={k}>{k}</Tag>
              ))}
              {keys.length > 6 && <Badge count={`+${keys.length - 6}`} color="#bfbfbf" />}
            </Space>
          );
        },
        form: {
          required: true,
          help: 'wfs.defaults.help',
          placeholder: 'wfs.defaults.placeholder',
          rules: [
            check(t, (v) => {
              if (!v) return null;
              try {
                JSON.parse(String(v));
              } catch {
                return null; // the json field says so already
              }
              const o = parseDefaultValues(v);
              if (!o) return 'wfs.defaults.notObject';
              if (!Object.keys(o).length) return 'wfs.defaults.empty';
              return badDefaultKeys(o).length ? 'wfs.defaults.badKey' : null;
            }),
          ],
        },
      },
    },
  });
}

// ---- buttons ---------------------------------------------------------------------------------

function buttonResource(t: T): ResourceDescription<ButtonSetRow> {
  return setResource<ButtonSetRow>(wfButtonModel, buttonSetApi, {
    sort: { ascs: 'sort' },
    fields: {
      // the keys the engine handles (the server refuses any other), named as the designer names them
      buttonKey: {
        options: DEFAULT_BUTTONS.map((k) => ({ value: k, label: `wfd.button.${k}` })),
        render: (row) => (
          <Space size={6}>
            <Typography.Text code>{String(row.buttonKey)}</Typography.Text>
            <Typography.Text type="secondary">{t(`wfd.button.${String(row.buttonKey)}`, { defaultValue: '' })}</Typography.Text>
          </Space>
        ),
        form: {
          type: 'select',
          help: 'wfs.button.keyHelp',
          rules: [
            check(t, async (v, get) => {
              if (!v) return null;
              const same = (await buttonSetApi.list({ buttonKey_equal: String(v), size: 5 })).records.filter((r) => String(r.id) !== String(get('id') ?? ''));
              return same.length ? 'wfs.button.keyTaken' : null;
            }),
          ],
        },
      },
      name: { form: { help: 'wfs.button.nameHelp', rules: [{ max: 64, message: 'wfs.button.nameTooLong' }] } },
      display: { form: { help: 'wfs.button.displayHelp' } },
      sort: { form: { required: true, min: -9999, max: 9999 } },
    },
  });
}

// ---- pages -----------------------------------------------------------------------------------

function SetPage<R extends object>({ make, intro }: { make: (t: T) => ResourceDescription<R>; intro: string }) {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const resource = useMemo(() => make(t), [i18n.language]);
  const intro$: ReactNode = <Typography.Paragraph type="secondary" className="wfs-intro">{t(intro)}</Typography.Paragraph>;
  return (
    <div className="wfs-page">
      {intro$}
      <ResourceList resource={resource} />
    </div>
  );
}

export const ThemePage = () => <SetPage make={themeResource} intro="wfs.theme.intro" />;
export const VariablePage = () => <SetPage make={variableResource} intro="wfs.variable.intro" />;
export const DefaultValuesPage = () => <SetPage make={defaultValuesResource} intro="wfs.defaults.intro" />;
export const ButtonPage = () => <SetPage make={buttonResource} intro="wfs.button.intro" />;
