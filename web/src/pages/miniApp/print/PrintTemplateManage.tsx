// 打印模板 (/miniApp/home/printTemplateManage, 001 §3.5, §5): the app's print templates — search,
// paging, add (name and type asked; the layout and centring are set in the designer), design,
// preview with made-up or real records, enable / disable, remove.
import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Alert, Button, Form, Input, Modal, Radio, Space, Switch, Tag, message } from 'antd';
import { EyeOutlined, FormatPainterOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appPrintTemplateModel } from '@campus/schema';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import { RemoveTemplateButton, templateQuery, templateTableProps } from '../templateList';
import { useMiniApp } from '../context';
import { queryAppModelFields } from '../api';
import { PRINT_TEMPLATE, PrintPreview, fetchPrintRecords } from './render';
import { PrintDesigner } from './PrintDesigner';
import { useBusy } from '../design/busy';
import { defaultDesign, sampleRecords, type PrintTemplate } from './template';

type Row = PrintTemplate & { id: string; createTime?: string };
const F = appPrintTemplateModel.fields;

export default function PrintTemplateManage() {
  const { t, i18n } = useTranslation();
  const { params } = useMiniApp();
  const appId = params.appId;
  const ref = useRef<ActionType>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [preview, setPreview] = useState<{ template: Row; records: Record<string, unknown>[]; loading: boolean } | null>(null);
  const [form] = Form.useForm<{ templateName: string; templateType: 'form' | 'list' }>();
  const [busy, run] = useBusy();
  const fields = useQuery({ queryKey: ['miniApp', 'modelFields', appId, i18n.language], queryFn: () => queryAppModelFields(appId) });
  const columns = fields.data?.column ?? [];
  const designed = !!fields.data?.modelId && columns.length > 0;

  const setStatus = async (r: Row, on: boolean) => {
    await http.post(`${PRINT_TEMPLATE}/submit`, { id: r.id, appId, templateName: r.templateName, templateType: r.templateType, printAddress: r.printAddress || null, isCenter: r.isCenter === 'Y' ? 'Y' : 'N', templateJson: r.templateJson, status: on ? 1 : 0 });
    message.success(t('miniApp.design.common.saved'));
    ref.current?.reload();
  };
  const openPreview = async (r: Row, real: boolean) => {
    if (!real) {
      setPreview({ template: r, records: sampleRecords(columns, r.templateType === 'list' ? 3 : 1, i18n.language === 'en' ? 'en' : 'zh'), loading: false });
      return;
    }
    setPreview({ template: r, records: [], loading: true });
    try {
      const records = await fetchPrintRecords(appId, r.templateType, { kind: 'page', current: 1, size: r.templateType === 'list' ? 10 : 1 });
      if (!records.length) message.info(t('miniApp.print.noRealDataSample'));
      setPreview({ template: r, records: records.length ? records : sampleRecords(columns, r.templateType === 'list' ? 3 : 1, i18n.language === 'en' ? 'en' : 'zh'), loading: false });
    } catch {
      setPreview(null);
    }
  };

  return (
    <div className="resource-list ma-print-templates">
      {fields.isSuccess && !designed && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('miniApp.print.designFirst')} />}
      <ProTable<Row>
        rowKey="id"
        actionRef={ref}
        cardBordered
        headerTitle={<span className="list-title">{t('miniApp.print.listTitle')}</span>}
        {...templateTableProps(t)}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} disabled={!designed} onClick={() => { form.resetFields(); setAdding(true); }} className="ma-print-add">
            {t('common.add')}
          </Button>,
        ]}
        request={async (q) => {
          const page = await http.get<Page<Row>>(`${PRINT_TEMPLATE}/list`, {
            ...templateQuery(appId, q),
            ...(q.status !== undefined && q.status !== '' ? { status_equal: q.status } : {}),
          });
          return { data: page.records ?? [], total: page.total ?? 0, success: true };
        }}
        columns={[
          { title: t('miniApp.print.templateName'), dataIndex: 'templateName', width: 220 },
          {
            title: t('miniApp.print.templateType'), dataIndex: 'templateType', width: 110, valueType: 'select',
            valueEnum: { form: { text: t('miniApp.print.type.form') }, list: { text: t('miniApp.print.type.list') } },
            render: (_, r) => <Tag color={r.templateType === 'form' ? 'blue' : 'purple'}>{t(`miniApp.print.type.${r.templateType}`)}</Tag>,
          },
          { title: t('miniApp.print.isCenter'), dataIndex: 'isCenter', width: 80, hideInSearch: true, render: (_, r) => (r.isCenter === 'Y' ? t('miniApp.design.common.yes') : t('miniApp.design.common.no')) },
          {
            title: t('miniApp.design.common.status'), dataIndex: 'status', width: 100, valueType: 'select',
            valueEnum: { 1: { text: t('miniApp.design.common.enabled') }, 0: { text: t('miniApp.design.common.disabled') } },
            render: (_, r) => <Switch size="small" checked={Number(r.status) === 1} onChange={(v) => void setStatus(r, v)} className="ma-print-status" />,
          },
          { title: t('miniApp.design.common.createTime'), dataIndex: 'createTime', width: 170, hideInSearch: true, render: (_, r) => String(r.createTime ?? '').replace('T', ' ').slice(0, 19) },
          {
            title: t('common.action'), valueType: 'option', fixed: 'right', width: 260,
            render: (_, r) => (
              <Space size={0} className="row-actions">
                <Button type="link" size="small" icon={<FormatPainterOutlined />} disabled={!designed} onClick={() => setEditing(r)} className="ma-print-design">
                  {t('miniApp.print.design')}
                </Button>
                <Button type="link" size="small" icon={<EyeOutlined />} disabled={!designed} onClick={() => void openPreview(r, true)} className="ma-print-preview-btn">
                  {t('miniApp.print.preview')}
                </Button>
                <RemoveTemplateButton base={PRINT_TEMPLATE} id={r.id} list={ref} />
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={adding}
        title={t('miniApp.print.addTitle')}
        onCancel={() => setAdding(false)}
        destroyOnHidden
        okText={t('miniApp.print.nextDesign')}
        confirmLoading={busy}
        onOk={() => run(async () => {
          // (a refused form shows its messages at the fields)
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          const body = { appId, templateName: v.templateName.trim(), templateType: v.templateType, isCenter: 'N', status: 1, templateJson: JSON.stringify(defaultDesign(v.templateType, columns)) };
          const saved = await http.post<Row>(`${PRINT_TEMPLATE}/submit`, body);
          setAdding(false);
          ref.current?.reload();
          setEditing({ ...body, ...saved, id: String(saved.id) });
        })}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ templateType: 'form' }}>
          <Form.Item name="templateName" label={t('miniApp.print.templateName')} rules={[{ required: true, whitespace: true, message: t('miniApp.print.nameRequired') }, { max: F.templateName.length, message: t('miniApp.design.common.tooLong', { n: F.templateName.length }) }]}>
            <Input id="ma-print-new-name" autoFocus />
          </Form.Item>
          <Form.Item name="templateType" label={t('miniApp.print.templateType')} rules={[{ required: true, message: t('miniApp.print.typeRequired') }]} extra={t('miniApp.print.typeHelp')}>
            <Radio.Group options={[{ value: 'form', label: t('miniApp.print.type.form') }, { value: 'list', label: t('miniApp.print.type.list') }]} />
          </Form.Item>
        </Form>
      </Modal>
      <PrintDesigner
        open={!!editing}
        template={editing}
        columns={columns}
        appId={appId}
        appName={params.appName}
        onClose={(saved) => {
          setEditing(null);
          if (saved) ref.current?.reload();
        }}
      />
      <PrintPreview
        open={!!preview}
        templates={preview ? [preview.template] : []}
        records={preview?.records ?? []}
        loading={preview?.loading}
        columns={columns}
        appName={params.appName}
        onClose={() => setPreview(null)}
      />
    </div>
  );
}
