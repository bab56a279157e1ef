// 导出模板 (/miniApp/home/exportTemplateManage, 001 §7.1 appTemplateFiles): the app's Excel export
// templates — an .xlsx whose cells hold ${field} placeholders ('list': the first row holding them is
// repeated per record; 'form': one sheet per record, a row holding ${<child>.<field>} repeated per child
// row) — with upload (progress shown), type, status, the placeholders of the app's fields, and a
// try export (试导出) that downloads the filled file with progress.
import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Alert, Button, Col, Collapse, Form, Input, Modal, Radio, Row, Space, Switch, Table, Tag, Tooltip, Typography, Upload, message } from 'antd';
import { CopyOutlined, DownloadOutlined, FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormColumn } from '@campus/schema';
import { http } from '../../../api/request';
import type { Page } from '../../../api/types';
import { receiveFile, sendForm } from '../../../api/transfer';
import { saveBlob } from '../../../api/download';
import { TransferBar, useTransfer, withProgressCard } from '../../../components/transfer';
import { RemoveTemplateButton, templateQuery, templateTableProps } from '../templateList';
import { useMiniApp } from '../context';
import { queryAppModelFields } from '../api';
import { useBusy } from '../design/busy';
import { placeholdersOf } from './placeholders';

export const TEMPLATE_FILES = '/api/blade-appTemplateFiles/appTemplateFiles';

export interface ExportTemplate {
  id: string;
  appId: string;
  templateName: string;
  templateType: 'list' | 'form';
  fileName?: string | null;
  fileLink?: string | null;
  status: number;
  remark?: string | null;
  createTime?: string;
}

const MAX_BYTES = 10 * 1024 * 1024;

function Placeholders({ columns }: { columns: FormColumn[] }) {
  const { t } = useTranslation();
  const rows = placeholdersOf(columns);
  return (
    <div className="ma-export-help">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>{t('miniApp.exportTpl.help')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="placeholder"
        pagination={false}
        scroll={{ y: 240 }}
        dataSource={rows}
        locale={{ emptyText: t('miniApp.exportTpl.noFields') }}
        columns={[
          {
            title: t('miniApp.exportTpl.placeholder'), dataIndex: 'placeholder', width: 260,
            render: (v: string) => (
              <Space size={4}>
                <Typography.Text code>{v}</Typography.Text>
                <Tooltip title={t('miniApp.exportTpl.copy')}>
                  <Button type="text" size="small" icon={<CopyOutlined />} onClick={() => void navigator.clipboard?.writeText(v).then(() => message.success(t('miniApp.exportTpl.copied')), () => undefined)} />
                </Tooltip>
              </Space>
            ),
          },
          { title: t('miniApp.exportTpl.field'), dataIndex: 'label' },
          { title: t('miniApp.exportTpl.childTable'), dataIndex: 'child', render: (v?: string) => (v ? <Tag color="blue">{v}</Tag> : <Typography.Text type="secondary">{t('miniApp.exportTpl.mainTable')}</Typography.Text>) },
        ]}
      />
    </div>
  );
}


/** The template file of the form: an .xlsx uploaded with its progress shown; the value is its name and link. */
function XlsxField({ value, onChange }: { value?: { fileName: string; fileLink: string }; onChange?: (v: { fileName: string; fileLink: string }) => void }) {
  const { t } = useTranslation();
  const upload = useTransfer();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(f) => {
            if (!/\.xlsx$/i.test(f.name)) {
              message.error(t('miniApp.exportTpl.onlyXlsx'));
              return false;
            }
            if (f.size > MAX_BYTES) {
              message.error(t('miniApp.exportTpl.tooLarge'));
              return false;
            }
            void upload.run(async (onProgress) => {
              const fd = new FormData();
              fd.append('file', f, f.name);
              const r = await sendForm<{ link: string; originalName?: string }>('/api/blade-resource/oss/endpoint/put-file', fd, { onProgress });
              onChange?.({ fileName: r.originalName || f.name, fileLink: r.link });
            }).catch(() => undefined);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.busy} className="ma-export-upload">{t(value ? 'miniApp.exportTpl.replace' : 'miniApp.exportTpl.upload')}</Button>
        </Upload>
        {value && <Tag icon={<FileExcelOutlined />} color="green" className="ma-export-file">{value.fileName}</Tag>}
      </Space>
      <TransferBar transfer={upload.transfer} style={{ maxWidth: 420 }} />
    </Space>
  );
}

interface FormValues {
  templateName: string;
  templateType: 'list' | 'form';
  status: boolean;
  remark?: string;
  file?: { fileName: string; fileLink: string };
}

export default function ExportTemplateManage() {
  const { t, i18n } = useTranslation();
  const { params } = useMiniApp();
  const appId = params.appId;
  const ref = useRef<ActionType>(null);
  const [editing, setEditing] = useState<ExportTemplate | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const [busy, run] = useBusy();
  const fields = useQuery({ queryKey: ['miniApp', 'modelFields', appId, i18n.language], queryFn: () => queryAppModelFields(appId) });
  const columns = fields.data?.column ?? [];

  const open = (row: ExportTemplate | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row !== 'new') {
      form.setFieldsValue({ templateName: row.templateName, templateType: row.templateType, status: Number(row.status) === 1, remark: row.remark ?? undefined, file: row.fileLink ? { fileName: row.fileName ?? row.fileLink, fileLink: row.fileLink } : undefined });
    } else form.setFieldsValue({ templateType: 'list', status: true });
  };
  const submit = (row: Partial<ExportTemplate>) => http.post(`${TEMPLATE_FILES}/submit`, { appId, ...row });
  const tryExport = (row: ExportTemplate) =>
    withProgressCard(
      `${row.templateName}.xlsx`,
      async (onProgress) => {
        const blob = await receiveFile({ method: 'post', url: `${TEMPLATE_FILES}/exportTemplate`, data: { appId, templateId: row.id } }, { onProgress });
        saveBlob(blob, `${row.templateName}.xlsx`);
      },
      'server',
    ).catch(() => undefined);

  return (
    <div className="resource-list ma-export-templates">
      <ProTable<ExportTemplate>
        rowKey="id"
        actionRef={ref}
        cardBordered
        headerTitle={<span className="list-title">{t('miniApp.exportTpl.title')}</span>}
        {...templateTableProps(t)}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => open('new')} className="ma-export-add">
            {t('common.add')}
          </Button>,
        ]}
        request={async (q) => {
          const page = await http.get<Page<ExportTemplate>>(`${TEMPLATE_FILES}/list`, {
            ...templateQuery(appId, q),
          });
          return { data: page.records ?? [], total: page.total ?? 0, success: true };
        }}
        columns={[
          { title: t('miniApp.exportTpl.templateName'), dataIndex: 'templateName', width: 200 },
          {
            title: t('miniApp.exportTpl.templateType'), dataIndex: 'templateType', width: 110, valueType: 'select',
            valueEnum: { list: { text: t('miniApp.exportTpl.type.list') }, form: { text: t('miniApp.exportTpl.type.form') } },
            render: (_, r) => <Tag color={r.templateType === 'form' ? 'blue' : 'purple'}>{t(`miniApp.exportTpl.type.${r.templateType}`)}</Tag>,
          },
          {
            title: t('miniApp.exportTpl.file'), dataIndex: 'fileName', hideInSearch: true, width: 220,
            render: (_, r) => (r.fileLink ? <a href={r.fileLink} target="_blank" rel="noreferrer"><FileExcelOutlined /> {r.fileName || r.fileLink.split('/').pop()}</a> : '-'),
          },
          {
            title: t('miniApp.exportTpl.status'), dataIndex: 'status', width: 90, hideInSearch: true,
            render: (_, r) => (
              <Switch
                size="small"
                checked={Number(r.status) === 1}
                onChange={async (v) => {
                  await submit({ ...r, status: v ? 1 : 0 });
                  message.success(t('miniApp.design.common.saved'));
                  ref.current?.reload();
                }}
              />
            ),
          },
          { title: t('miniApp.exportTpl.remark'), dataIndex: 'remark', hideInSearch: true, ellipsis: true, width: 200 },
          {
            title: t('common.action'), valueType: 'option', fixed: 'right', width: 220,
            render: (_, r) => (
              <Space size={0} className="row-actions">
                <Button type="link" size="small" onClick={() => open(r)}>{t('common.edit')}</Button>
                <Button type="link" size="small" icon={<DownloadOutlined />} disabled={!r.fileLink} onClick={() => void tryExport(r)} className="ma-export-try">
                  {t('miniApp.exportTpl.tryExport')}
                </Button>
                <RemoveTemplateButton base={TEMPLATE_FILES} id={r.id} list={ref} />
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={t(editing === 'new' ? 'miniApp.exportTpl.addTitle' : 'miniApp.exportTpl.editTitle')}
        width={820}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        confirmLoading={busy}
        onOk={() => run(async () => {
          // (a refused form shows its messages at the fields)
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          await submit({
            ...(editing && editing !== 'new' ? { id: editing.id } : {}),
            templateName: v.templateName.trim(), templateType: v.templateType, status: v.status ? 1 : 0, remark: v.remark?.trim() || null,
            fileName: v.file?.fileName ?? null, fileLink: v.file?.fileLink ?? null,
          });
          message.success(t('miniApp.design.common.saved'));
          setEditing(null);
          ref.current?.reload();
        })}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="templateName" label={t('miniApp.exportTpl.templateName')} rules={[{ required: true, whitespace: true, message: t('miniApp.exportTpl.nameRequired') }, { max: 64, message: t('miniApp.design.common.tooLong', { n: 64 }) }]}>
                <Input id="ma-export-name" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="templateType" label={t('miniApp.exportTpl.templateType')} rules={[{ required: true, message: t('miniApp.exportTpl.typeRequired') }]}>
                <Radio.Group optionType="button" options={[{ value: 'list', label: t('miniApp.exportTpl.type.list') }, { value: 'form', label: t('miniApp.exportTpl.type.form') }]} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="status" label={t('miniApp.exportTpl.status')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="file" label={t('miniApp.exportTpl.file')} rules={[{ required: true, message: t('miniApp.exportTpl.fileRequired') }]} extra={t('miniApp.exportTpl.fileHelp')}>
                <XlsxField />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('miniApp.exportTpl.remark')} rules={[{ max: 500 }]}>
                <Input.TextArea rows={2} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {!fields.data?.modelId && fields.isSuccess && <Alert type="info" showIcon message={t('miniApp.exportTpl.designFirst')} style={{ marginBottom: 8 }} />}
        <Collapse
          size="small"
          defaultActiveKey={['help']}
          items={[{ key: 'help', label: t('miniApp.exportTpl.helpTitle'), children: <Placeholders columns={columns} /> }]}
        />
      </Modal>
    </div>
  );
}
