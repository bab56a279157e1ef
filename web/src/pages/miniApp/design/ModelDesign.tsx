// Step 1 of app design: the app's data model (001 §3.3). An app without one creates a main model or
// picks an existing one; then its fields are edited in a grid, child models (one to one, one to many)
// are added with their own fields, and 创建/同步数据表 makes or alters the real tables in one
// transaction — the server's refusal (a change that would lose data, a child before its main table,
// a model without fields) is shown as it says it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Modal, Radio, Row, Select, Space, Spin, Tag, Tooltip, Typography, message } from 'antd';
import { ApartmentOutlined, DatabaseOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { miniModelLabel, miniModelModel } from '@campus/schema';
import { RequestError } from '../../../api/request';
import type { AppInfo } from '../api';
import { appUpdate, modelApi, type CreateTableResult, type MiniModel } from './api';
import { FieldGrid, type FieldGridHandle } from './FieldGrid';
import { useBusy } from './busy';

const M = miniModelModel.fields;
const TABLE = new RegExp(M.modelTable.pattern!);

/** The table status tag: 未建表 / 已建表 / 字段已改，待同步. */
export function TableStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const color = status === 1 ? 'green' : status === 2 ? 'orange' : 'default';
  return (
    <Tag color={color} className={`ma-table-status ma-table-status-${status}`}>
      {t(`miniApp.design.tableStatus.${status}`)}
    </Tag>
  );
}

interface ModelFormValues {
  modelName: string;
  modelNameEn?: string;
  modelTable: string;
  category?: string;
  relation?: 'one' | 'more';
  remark?: string;
}

/** Add or change a model (a child when parent is given). */
function ModelDialog({ open, model, parent, onClose }: { open: boolean; model: MiniModel | null; parent?: MiniModel; onClose: (saved: MiniModel | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ModelFormValues>();
  const [busy, run] = useBusy();
  const fixed = !!model && model.tableStatus > 0;
  return (
    <Modal
      open={open}
      title={t(model ? 'miniApp.design.model.edit' : parent ? 'miniApp.design.model.addChild' : 'miniApp.design.model.add')}
      onCancel={() => onClose(null)}
      destroyOnHidden
      width={560}
      confirmLoading={busy}
      onOk={() => run(async () => {
        // (a refused form shows its messages at the fields)
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        const body = {
          ...(model ? { id: model.id } : {}), modelName: v.modelName.trim(), ...(parent ? { modelNameEn: v.modelNameEn?.trim() || null } : {}), modelTable: v.modelTable.trim(), category: v.category?.trim() || null, remark: v.remark?.trim() || null,
          parentId: parent?.id ?? null, relation: parent ? v.relation : null,
        };
        const saved = (await modelApi.submit(body)) as MiniModel;
        message.success(t('miniApp.design.common.saved'));
        onClose(saved);
      })}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={model ? { ...model, modelNameEn: model.modelNameEn ?? undefined, category: model.category ?? undefined, relation: model.relation ?? 'more', remark: model.remark ?? undefined } : { relation: 'more' }}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="modelName" label={t('miniApp.design.model.name')} rules={[{ required: true, whitespace: true, message: t('miniApp.design.model.nameRequired') }, { max: 64 }]}>
              <Input id="ma-model-name" autoFocus />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="modelTable"
              label={t('miniApp.design.model.table')}
              extra={fixed ? t('miniApp.design.model.tableFixed') : parent ? t('miniApp.design.model.childTableHelp') : t('miniApp.design.model.tableHelp')}
              rules={[{ required: true, whitespace: true, message: t('miniApp.design.model.tableRequired') }, { pattern: TABLE, message: t('miniApp.design.model.tableInvalid') }]}
            >
              <Input id="ma-model-table" disabled={fixed} placeholder="asset" />
            </Form.Item>
          </Col>
          {parent && (
            <Col span={12}>
              {/* the sub-table's label for English readers (data screen, forms, Excel sheets) */}
              <Form.Item name="modelNameEn" label={t('miniApp.design.model.nameEn')} extra={t('miniApp.design.model.nameEnHelp')} rules={[{ max: 64 }]}>
                <Input id="ma-model-name-en" />
              </Form.Item>
            </Col>
          )}
          {parent && (
            <Col span={24}>
              <Form.Item name="relation" label={t('miniApp.design.model.relation')} rules={[{ required: true, message: t('miniApp.design.model.relationRequired') }]}>
                <Radio.Group options={[{ value: 'more', label: t('miniApp.design.relation.more') }, { value: 'one', label: t('miniApp.design.relation.one') }]} />
              </Form.Item>
            </Col>
          )}
          {!parent && (
            <Col span={12}>
              <Form.Item name="category" label={t('miniApp.design.model.category')} rules={[{ max: 64 }]}>
                <Input />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="remark" label={t('miniApp.design.model.remark')} rules={[{ max: 500 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** An app without a model: create its main model, or use one that exists. */
function ChooseModel({ app, onChosen }: { app: AppInfo; onChosen: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [search, setSearch] = useState('');
  const [form] = Form.useForm<ModelFormValues & { modelId?: string }>();
  const [busy, setBusy] = useState(false);
  const mains = useQuery({
    queryKey: ['miniApp', 'mainModels', search],
    queryFn: () => modelApi.mains({ size: 50, modelName_like: search || undefined }).then((p) => (p.records ?? []).filter((m) => !m.parentId)),
    enabled: mode === 'existing',
  });
  return (
    <Card className="ma-choose-model" title={<Space><DatabaseOutlined />{t('miniApp.design.model.chooseTitle')}</Space>}>
      <Typography.Paragraph type="secondary">{t('miniApp.design.model.chooseHelp')}</Typography.Paragraph>
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} optionType="button" buttonStyle="solid" style={{ marginBottom: 16 }} options={[{ value: 'new', label: t('miniApp.design.model.createNew') }, { value: 'existing', label: t('miniApp.design.model.useExisting') }]} />
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} initialValues={{ modelName: app.appName }}>
        {mode === 'new' ? (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="modelName" label={t('miniApp.design.model.name')} rules={[{ required: true, whitespace: true, message: t('miniApp.design.model.nameRequired') }, { max: 64 }]}>
                <Input id="ma-new-model-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="modelTable" label={t('miniApp.design.model.table')} extra={t('miniApp.design.model.tableHelp')} rules={[{ required: true, whitespace: true, message: t('miniApp.design.model.tableRequired') }, { pattern: TABLE, message: t('miniApp.design.model.tableInvalid') }]}>
                <Input id="ma-new-model-table" placeholder="asset" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="category" label={t('miniApp.design.model.category')} rules={[{ max: 64 }]}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <Form.Item name="modelId" label={t('miniApp.design.model.existing')} rules={[{ required: true, message: t('miniApp.design.model.existingRequired') }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              loading={mains.isLoading}
              placeholder={t('miniApp.design.model.searchPlaceholder')}
              options={(mains.data ?? []).map((m) => ({ value: m.id, label: `${m.modelName} (${m.modelTable})` }))}
              notFoundContent={mains.isLoading ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
              id="ma-existing-model"
            />
          </Form.Item>
        )}
        <Button
          type="primary"
          loading={busy}
          className="ma-model-create"
          onClick={async () => {
            // (a refused form shows its messages at the fields)
            const v = await form.validateFields().catch(() => null);
            if (!v) return;
            setBusy(true);
            try {
              let modelId = v.modelId;
              if (mode === 'new') {
                const saved = (await modelApi.submit({ modelName: v.modelName.trim(), modelTable: v.modelTable.trim(), category: v.category?.trim() || null })) as MiniModel;
                modelId = String(saved.id);
              }
              await appUpdate(app, { modelId });
              message.success(t('miniApp.design.model.chosen'));
              onChosen();
            } finally {
              setBusy(false);
            }
          }}
        >
          {mode === 'new' ? t('miniApp.design.model.createAndUse') : t('miniApp.design.model.use')}
        </Button>
      </Form>
    </Card>
  );
}

export function ModelDesign({ app, onChanged, onDirty }: { app: AppInfo; onChanged: () => void; onDirty?: (dirty: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const qc = useQueryClient();
  const modelId = app.modelId ? String(app.modelId) : '';
  const main = useQuery({ queryKey: ['miniApp', 'model', modelId], queryFn: () => modelApi.detail(modelId), enabled: !!modelId });
  const children = useQuery({ queryKey: ['miniApp', 'children', modelId], queryFn: () => modelApi.children(modelId), enabled: !!modelId });
  const grids = useRef(new Map<string, FieldGridHandle | null>());
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const [dialog, setDialog] = useState<{ model: MiniModel | null; parent?: MiniModel } | null>(null);
  const [creating, setCreating] = useState(false);
  const [tableError, setTableError] = useState<string | null>(null);
  const [result, setResult] = useState<CreateTableResult[] | null>(null);

  const reload = useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['miniApp', 'model', modelId] });
    void qc.invalidateQueries({ queryKey: ['miniApp', 'children', modelId] });
    void qc.invalidateQueries({ queryKey: ['miniApp', 'modelColumns', modelId] });
  }, [qc, modelId]);
  const dirtyOf = useCallback((id: string) => (d: boolean) => setDirty((x) => (x[id] === d ? x : { ...x, [id]: d })), []);
  const anyDirty = Object.values(dirty).some(Boolean);
  useEffect(() => onDirty?.(anyDirty), [anyDirty, onDirty]);

  if (!modelId) return <ChooseModel app={app} onChosen={onChanged} />;
  if (main.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!main.data) return <Alert type="error" showIcon message={t('miniApp.design.model.missing')} action={<Button onClick={() => void appUpdate(app, { modelId: null }).then(onChanged)}>{t('miniApp.design.model.unbind')}</Button>} />;
  const m = main.data;
  const kids = children.data ?? [];
  const all = [m, ...kids];
  const upToDate = all.every((x) => x.tableStatus === 1);

  const createTables = async () => {
    if (anyDirty) {
      Modal.confirm({
        title: t('common.tip'),
        content: t('miniApp.design.table.saveFirst'),
        okText: t('miniApp.design.table.saveAndCreate'),
        onOk: async () => {
          for (const g of grids.current.values()) if (g?.dirty && !(await g.save())) return;
          await doCreate();
        },
      });
      return;
    }
    await doCreate();
  };
  const doCreate = async () => {
    setCreating(true);
    setTableError(null);
    try {
      const r = await modelApi.createTable(all.map((x) => x.id));
      setResult(r);
      message.success(t('miniApp.design.table.done'));
      reload();
      onChanged();
    } catch (e) {
      setTableError(e instanceof RequestError ? e.message : String(e));
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="ma-model-design">
      <Card
        className="ma-main-model"
        title={
          <Space wrap>
            <DatabaseOutlined />
            <span>{t('miniApp.design.model.main')}</span>
            <Typography.Text strong className="ma-main-model-name">{m.modelName}</Typography.Text>
            <Tag>{m.modelTable}</Tag>
            <TableStatusTag status={m.tableStatus} />
          </Space>
        }
        extra={
          <Space wrap>
            <Button icon={<EditOutlined />} onClick={() => setDialog({ model: m })}>
              {t('miniApp.design.model.editButton')}
            </Button>
            {m.tableStatus === 0 && (
              <Tooltip title={t('miniApp.design.model.changeHelp')}>
                <Button onClick={() => Modal.confirm({ title: t('common.tip'), content: t('miniApp.design.model.changeConfirm'), onOk: () => appUpdate(app, { modelId: null }).then(onChanged) })}>{t('miniApp.design.model.change')}</Button>
              </Tooltip>
            )}
            <Tooltip title={upToDate && !anyDirty ? t('miniApp.design.table.upToDate') : undefined}>
              <Button type="primary" icon={m.tableStatus === 0 ? <TableOutlined /> : <SyncOutlined />} loading={creating} onClick={() => void createTables()} className="ma-create-table">
                {m.tableStatus === 0 ? t('miniApp.design.table.create') : t('miniApp.design.table.sync')}
              </Button>
            </Tooltip>
          </Space>
        }
      >
        {tableError && <Alert type="error" showIcon closable onClose={() => setTableError(null)} style={{ marginBottom: 12 }} message={t('miniApp.design.table.failed')} description={tableError} className="ma-table-error" />}
        {m.tableStatus === 2 && !tableError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('miniApp.design.table.pending')} />}
        <FieldGrid ref={(h) => { grids.current.set(m.id, h); }} model={m} onSaved={reload} onDirty={dirtyOf(m.id)} />
      </Card>
      <Card
        className="ma-child-models"
        style={{ marginTop: 16 }}
        title={<Space><ApartmentOutlined />{t('miniApp.design.model.children')}</Space>}
        extra={<Button icon={<PlusOutlined />} onClick={() => setDialog({ model: null, parent: m })} className="ma-add-child">{t('miniApp.design.model.addChild')}</Button>}
      >
        {!kids.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('miniApp.design.model.noChildren')} />}
        {kids.map((c) => (
          <Card
            key={c.id}
            type="inner"
            size="small"
            style={{ marginBottom: 12 }}
            className="ma-child-model"
            data-table={c.modelTable}
            title={
              <Space wrap>
                <Typography.Text strong className="ma-child-model-name">{miniModelLabel(c, lang)}</Typography.Text>
                <Tag>{`${c.modelTable}_dynamic`}</Tag>
                <Tag color="blue">{t(`miniApp.design.relation.${c.relation ?? 'more'}`)}</Tag>
                <TableStatusTag status={c.tableStatus} />
              </Space>
            }
            extra={
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ model: c, parent: m })}>{t('miniApp.design.model.editButton')}</Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    Modal.confirm({
                      title: t('common.tip'),
                      content: t('miniApp.design.model.removeChildConfirm', { name: c.modelName }),
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        await modelApi.remove([c.id]);
                        message.success(t('miniApp.design.common.removed'));
                        reload();
                        onChanged();
                      },
                    })
                  }
                >
                  {t('common.delete')}
                </Button>
              </Space>
            }
          >
            <FieldGrid ref={(h) => { grids.current.set(c.id, h); }} model={c} parentTable={m.modelTable} onSaved={reload} onDirty={dirtyOf(c.id)} />
          </Card>
        ))}
      </Card>
      <ModelDialog
        open={!!dialog}
        model={dialog?.model ?? null}
        parent={dialog?.parent}
        onClose={(saved) => {
          setDialog(null);
          if (saved) reload();
        }}
      />
      <Modal open={!!result} title={t('miniApp.design.table.resultTitle')} onCancel={() => setResult(null)} footer={<Button type="primary" onClick={() => setResult(null)}>{t('common.ok')}</Button>} width={720}>
        <List
          size="small"
          dataSource={result ?? []}
          renderItem={(r) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Space>
                    <Typography.Text code>{r.table}</Typography.Text>
                    <Tag color={r.created ? 'green' : r.changes.length ? 'blue' : 'default'}>{t(r.created ? 'miniApp.design.table.created' : r.changes.length ? 'miniApp.design.table.altered' : 'miniApp.design.table.unchanged')}</Tag>
                  </Space>
                }
                description={r.changes.length ? <ul className="ma-ddl">{r.changes.map((c, i) => <li key={i}><Typography.Text type="secondary" style={{ fontSize: 12 }}>{c}</Typography.Text></li>)}</ul> : null}
              />
            </List.Item>
          )}
        />
      </Modal>
    </div>
  );
}
