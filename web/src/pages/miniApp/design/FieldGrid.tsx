// The fields of one data model in an editable grid (001 §5 field rules): name, labels in both
// languages, type, length, decimals, required, searchable (indexed), dictionary, default value (may
// hold ${...} templates), pattern and its message. Checked here as the server checks them; saved at
// once (submit-list) with the removed ones removed; the model's table then needs a sync.
import { forwardRef, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { Button, Checkbox, Input, InputNumber, Select, Space, Table, Tag, Tooltip, Typography, message } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MINI_FIELD_TYPES } from '@campus/schema';
import { dictionaryOptions } from '../api';
import { itemApi, modelApi, type MiniItem, type MiniModel } from './api';
import { DEFAULT_LENGTH, HAS_LENGTH, rowProblems, UNSEARCHABLE, type EditRow } from './field-rules';

let seq = 0;
const key = () => `f${Date.now().toString(36)}${(++seq).toString(36)}`;

/** The row as submit-list takes it: the model's fields only, sort by position. */
const toItem = (r: EditRow, i: number): MiniItem => ({
  ...(r.id ? { id: r.id } : {}),
  fieldName: r.fieldName.trim(), fieldLabel: r.fieldLabel.trim(), fieldLabelEn: r.fieldLabelEn?.trim() || null, fieldType: r.fieldType,
  length: HAS_LENGTH.has(r.fieldType) ? r.length ?? null : null, scale: r.fieldType === 'decimal' ? r.scale ?? 2 : null,
  required: r.required ? 1 : 0, searchable: r.searchable && !UNSEARCHABLE.has(r.fieldType) ? 1 : 0,
  pattern: r.pattern?.trim() || null, patternMessage: r.patternMessage?.trim() || null, dictCode: r.dictCode || null,
  defaultValue: r.defaultValue ?? null, sort: i + 1,
});

export interface FieldGridHandle {
  dirty: boolean;
  save(): Promise<boolean>;
}

export const FieldGrid = forwardRef<FieldGridHandle, { model: MiniModel; parentTable?: string; onSaved: () => void; onDirty?: (dirty: boolean) => void }>(function FieldGrid({ model, parentTable, onSaved, onDirty }, ref) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const items = useQuery({ queryKey: ['miniApp', 'items', model.id], queryFn: () => itemApi.listByModel(model.id) });
  const dicts = useQuery({ queryKey: ['miniApp', 'dictionaries'], queryFn: dictionaryOptions, staleTime: 60_000 });
  const [rows, setRows] = useState<EditRow[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);

  const reset = () => {
    setRows((items.data ?? []).map((it) => ({ ...it, $k: key() })));
    setRemoved([]);
    setShowErrors(false);
  };
  useEffect(reset, [items.data]);

  const saved = useMemo(() => JSON.stringify((items.data ?? []).map((it, i) => toItem({ ...it, $k: '' }, i))), [items.data]);
  const dirty = !!items.data && (removed.length > 0 || JSON.stringify(rows.map(toItem)) !== saved);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const problems = useMemo(() => new Map(rows.map((r) => [r.$k, rowProblems(r, rows, model, parentTable)])), [rows, model, parentTable]);
  const lang = i18n.language === 'en' ? 1 : 0;
  const typeOptions = MINI_FIELD_TYPES.map((o) => ({ value: o.value, label: o.label[lang] }));

  const patch = (k: string, p: Partial<EditRow>) => setRows((rs) => rs.map((r) => (r.$k === k ? { ...r, ...p } : r)));
  const move = (i: number, d: -1 | 1) => setRows((rs) => {
    const j = i + d;
    if (j < 0 || j >= rs.length) return rs;
    const next = [...rs];
    [next[i], next[j]] = [next[j], next[i]];
    return next;
  });
  const add = () => {
    const taken = new Set(rows.map((r) => r.fieldName));
    let n = rows.length + 1;
    while (taken.has(`field${n}`)) n++;
    setRows((rs) => [...rs, { $k: key(), fieldName: `field${n}`, fieldLabel: '', fieldLabelEn: '', fieldType: 'string', required: 0, searchable: 0, sort: rs.length + 1 }]);
  };

  const save = async (): Promise<boolean> => {
    setShowErrors(true);
    const bad = rows.flatMap((r) => problems.get(r.$k) ?? []);
    if (bad.length) {
      message.error(t(bad[0].key, bad[0].values));
      return false;
    }
    if (!rows.length) {
      message.error(t('miniApp.design.field.none'));
      return false;
    }
    setSaving(true);
    try {
      if (removed.length) await itemApi.remove(removed);
      await modelApi.saveItems(model.id, rows.map(toItem));
      message.success(t('miniApp.design.field.saved'));
      await qc.invalidateQueries({ queryKey: ['miniApp', 'items', model.id] });
      onSaved();
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };
  useImperativeHandle(ref, () => ({ dirty, save }), [dirty, rows, removed, problems]);

  // a stored field renamed once its table exists: the old column goes (refused while it holds data)
  const original = useMemo(() => new Map((items.data ?? []).map((it) => [String(it.id), it.fieldName])), [items.data]);
  const renamed = (r: EditRow) => model.tableStatus > 0 && !!r.id && original.get(String(r.id)) !== undefined && original.get(String(r.id)) !== r.fieldName.trim();
  const err = (r: EditRow, field: string) => (showErrors || r.fieldName ? (problems.get(r.$k) ?? []).find((p) => p.field === field) : undefined);
  const status = (r: EditRow, field: string) => (showErrors && err(r, field) ? 'error' : undefined);
  const tip = (r: EditRow, field: string) => {
    const e = showErrors ? err(r, field) : undefined;
    return e ? t(e.key, e.values) : undefined;
  };

  return (
    <div className="ma-field-grid" data-model={model.modelTable}>
      <Table<EditRow>
        size="small"
        rowKey="$k"
        loading={items.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1660 }}
        locale={{ emptyText: t('miniApp.design.field.empty') }}
        columns={[
          {
            title: '#', width: 78, fixed: 'left',
            render: (_, _r, i) => (
              <Space size={0}>
                <Typography.Text type="secondary" style={{ width: 20, display: 'inline-block' }}>{i + 1}</Typography.Text>
                <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label="up" />
                <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1} onClick={() => move(i, 1)} aria-label="down" />
              </Space>
            ),
          },
          {
            title: <Tooltip title={t('miniApp.design.field.nameHelp')}><span className="ma-req">{t('miniApp.design.field.fieldName')}</span></Tooltip>, width: 150, fixed: 'left',
            render: (_, r) => (
              <Tooltip title={tip(r, 'fieldName') ?? (renamed(r) ? t('miniApp.design.field.renamed', { name: original.get(String(r.id)) }) : undefined)} open={tip(r, 'fieldName') || renamed(r) ? undefined : false}>
                <Input size="small" value={r.fieldName} status={status(r, 'fieldName') ?? (renamed(r) ? 'warning' : undefined)} maxLength={40} onChange={(e) => patch(r.$k, { fieldName: e.target.value })} className="ma-f-name" />
              </Tooltip>
            ),
          },
          {
            title: <span className="ma-req">{t('miniApp.design.field.fieldLabel')}</span>, width: 140,
            render: (_, r) => (
              <Tooltip title={tip(r, 'fieldLabel')} open={tip(r, 'fieldLabel') ? undefined : false}>
                <Input size="small" value={r.fieldLabel} status={status(r, 'fieldLabel')} maxLength={64} onChange={(e) => patch(r.$k, { fieldLabel: e.target.value })} className="ma-f-label" />
              </Tooltip>
            ),
          },
          { title: t('miniApp.design.field.fieldLabelEn'), width: 140, render: (_, r) => <Input size="small" value={r.fieldLabelEn ?? ''} maxLength={64} onChange={(e) => patch(r.$k, { fieldLabelEn: e.target.value })} className="ma-f-label-en" /> },
          {
            title: <span className="ma-req">{t('miniApp.design.field.fieldType')}</span>, width: 150,
            render: (_, r) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={r.fieldType}
                options={typeOptions}
                className="ma-f-type"
                onChange={(v: string) => patch(r.$k, { fieldType: v, ...(UNSEARCHABLE.has(v) ? { searchable: 0 } : {}), ...(v !== 'decimal' ? { scale: null } : { scale: r.scale ?? 2 }) })}
              />
            ),
          },
          {
            title: t('miniApp.design.field.length'), width: 90,
            render: (_, r) => (HAS_LENGTH.has(r.fieldType) ? <InputNumber size="small" min={1} max={4000} precision={0} value={r.length ?? undefined} placeholder={String(DEFAULT_LENGTH[r.fieldType] ?? '')} onChange={(v) => patch(r.$k, { length: v === null ? null : Number(v) })} style={{ width: '100%' }} /> : <Typography.Text type="secondary">-</Typography.Text>),
          },
          {
            title: t('miniApp.design.field.scale'), width: 80,
            render: (_, r) => (r.fieldType === 'decimal' ? <InputNumber size="small" min={0} max={10} precision={0} value={r.scale ?? 2} onChange={(v) => patch(r.$k, { scale: v === null ? 2 : Number(v) })} style={{ width: '100%' }} /> : <Typography.Text type="secondary">-</Typography.Text>),
          },
          { title: t('miniApp.design.field.required'), width: 84, align: 'center', render: (_, r) => <Checkbox checked={!!r.required} onChange={(e) => patch(r.$k, { required: e.target.checked ? 1 : 0 })} className="ma-f-required" /> },
          {
            title: <Tooltip title={t('miniApp.design.field.searchableHelp')}><span>{t('miniApp.design.field.searchable')}</span></Tooltip>, width: 96, align: 'center',
            render: (_, r) => <Checkbox checked={!!r.searchable} disabled={UNSEARCHABLE.has(r.fieldType)} onChange={(e) => patch(r.$k, { searchable: e.target.checked ? 1 : 0 })} className="ma-f-searchable" />,
          },
          {
            title: t('miniApp.design.field.dictCode'), width: 170,
            render: (_, r) =>
              r.fieldType === 'select' ? (
                <Tooltip title={tip(r, 'dictCode')} open={tip(r, 'dictCode') ? undefined : false}>
                  <Select
                    size="small"
                    style={{ width: '100%' }}
                    showSearch
                    allowClear
                    value={r.dictCode || undefined}
                    status={status(r, 'dictCode')}
                    placeholder={t('miniApp.design.field.dictPlaceholder')}
                    optionFilterProp="label"
                    loading={dicts.isLoading}
                    options={dicts.data ?? []}
                    onChange={(v) => patch(r.$k, { dictCode: v ?? null })}
                    className="ma-f-dict"
                  />
                </Tooltip>
              ) : (
                <Typography.Text type="secondary">-</Typography.Text>
              ),
          },
          {
            title: <Tooltip title={t('miniApp.design.field.defaultHelp')}><span>{t('miniApp.design.field.defaultValue')}</span></Tooltip>, width: 160,
            render: (_, r) => <Input size="small" value={r.defaultValue ?? ''} maxLength={500} placeholder="${user.realName}" onChange={(e) => patch(r.$k, { defaultValue: e.target.value })} />,
          },
          {
            title: t('miniApp.design.field.pattern'), width: 150,
            render: (_, r) => (
              <Tooltip title={tip(r, 'pattern')} open={tip(r, 'pattern') ? undefined : false}>
                <Input size="small" value={r.pattern ?? ''} status={status(r, 'pattern')} maxLength={500} placeholder="^\d{11}$" onChange={(e) => patch(r.$k, { pattern: e.target.value })} />
              </Tooltip>
            ),
          },
          { title: t('miniApp.design.field.patternMessage'), width: 160, render: (_, r) => <Input size="small" value={r.patternMessage ?? ''} maxLength={200} disabled={!r.pattern} onChange={(e) => patch(r.$k, { patternMessage: e.target.value })} /> },
          {
            title: t('common.action'), width: 76, fixed: 'right', align: 'center',
            render: (_, r) => (
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => {
                  setRows((rs) => rs.filter((x) => x.$k !== r.$k));
                  if (r.id) setRemoved((ids) => [...ids, String(r.id)]);
                }}
              />
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8, gap: 8, flexWrap: 'wrap' }}>
        {/* not before the stored fields are in: their arrival resets the rows, and would drop one added meanwhile */}
        <Button type="dashed" icon={<PlusOutlined />} onClick={add} disabled={!items.data} className="ma-f-add">
          {t('miniApp.design.field.add')}
        </Button>
        <Space>
          {dirty && <Tag color="orange">{t('miniApp.design.unsaved')}</Tag>}
          <Button icon={<UndoOutlined />} disabled={!dirty} onClick={reset}>
            {t('miniApp.design.field.undo')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => void save()} className="ma-f-save">
            {t('miniApp.design.field.save')}
          </Button>
        </Space>
      </div>
    </div>
  );
});
