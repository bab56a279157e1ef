// Version history of a form (/workflow/design/form/history/{id}, spec 000 §2.2): every saved
// version with its time and field count, a preview through the real renderer, and 设为主版本 which
// makes a version the form's content again (POST /design/form/history/setMainVersion).
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Empty, Form, Modal, Space, Table, Tag, Typography, message } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormRenderer, defaultsOf } from '../../../components/workflow/FormRenderer';
import { columnsOf } from '../../../components/workflow/form-schema';
import { formApi, optionOf, type FormVersion, type WfForm } from './api';
import '../../../components/form-designer/designer.css';
import { totalText } from '../../../api/crud';

const lastSegment = (path: string) => decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
const time = (v?: string) => (v ? String(v).slice(0, 19).replace('T', ' ') : '-');

function Preview({ version }: { version: FormVersion | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const option = optionOf(version?.content);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(defaultsOf(option));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version?.id]);
  if (!version) return <Empty description={t('fd.history.pick')} />;
  return <FormRenderer option={option} form={form} emptyText={t('fd.history.emptyVersion')} />;
}

export default function FormHistoryPage() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const location = useLocation();
  const id = lastSegment(location.pathname);
  const [form, setForm] = useState<WfForm | null>(null);
  const [rows, setRows] = useState<FormVersion[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<FormVersion | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    formApi.detail(id).then(setForm, () => setForm(null));
    formApi
      .history(id, { current, size })
      .then(
        (p) => {
          setRows(p.records);
          setTotal(p.total);
          setChosen((c) => (c ? (p.records.find((r) => r.id === c.id) ?? c) : (p.records[0] ?? null)));
        },
        () => setRows([]),
      )
      .finally(() => setLoading(false));
  }, [id, current, size]);
  useEffect(load, [load]);

  const setMain = (v: FormVersion) =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('fd.history.confirmMain', { version: v.version }),
      onOk: async () => {
        await formApi.setMainVersion(v.id);
        message.success(t('fd.history.mainSet', { version: v.version }));
        load();
      },
    });

  return (
    <div className="fd-history" data-testid="fd-history">
      <div className="fd-toolbar">
        <div className="fd-toolbar-title">
          <Typography.Title level={4}>{t('fd.history.title', { name: form?.name ?? '' })}</Typography.Title>
          {form && <Typography.Text code>{form.formKey}</Typography.Text>}
          {form && <Tag color="blue">{t('fd.history.main', { version: form.version ?? 1 })}</Tag>}
        </div>
        <Button icon={<EditOutlined />} onClick={() => nav(`/workflow/design/form/design/${id}`)} disabled={!form}>
          {t('fd.list.design')}
        </Button>
      </div>
      <div className="fd-history-layout">
        <Card size="small" title={t('fd.history.versions')}>
          <Table<FormVersion>
            rowKey="id"
            size="small"
            loading={loading}
            dataSource={rows}
            className="fd-history-table"
            onRow={(r) => ({ onClick: () => setChosen(r), className: chosen?.id === r.id ? 'ant-table-row-selected' : undefined })}
            pagination={{ current, pageSize: size, total, showSizeChanger: true, pageSizeOptions: [10, 30, 50, 100, 200], showTotal: (n) => totalText(t, n), onChange: (c, s) => (setCurrent(c), setSize(s)) }}
            columns={[
              {
                title: t('fd.history.version'),
                dataIndex: 'version',
                width: 110,
                render: (v: number) => (
                  <Space size={4}>
                    <Tag color={form?.version === v ? 'green' : 'default'}>v{v}</Tag>
                    {form?.version === v && <Typography.Text type="success">{t('fd.history.isMain')}</Typography.Text>}
                  </Space>
                ),
              },
              { title: t('fd.list.fields'), width: 80, render: (_, r) => columnsOf(optionOf(r.content)).length },
              { title: t('fd.history.time'), dataIndex: 'createTime', width: 170, render: (v: string) => time(v) },
              {
                title: t('common.action'),
                width: 170,
                render: (_, r) => (
                  <Space size={0}>
                    <Button type="link" size="small" icon={<EyeOutlined />} onClick={(e) => (e.stopPropagation(), setChosen(r))}>
                      {t('fd.history.preview')}
                    </Button>
                    <Button type="link" size="small" disabled={form?.version === r.version} onClick={(e) => (e.stopPropagation(), setMain(r))} className="fd-set-main">
                      {t('fd.history.setMain')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        <Card size="small" title={chosen ? t('fd.history.previewOf', { version: chosen.version }) : t('fd.history.preview')} className="fd-history-preview">
          <Preview version={chosen} />
        </Card>
      </div>
    </div>
  );
}
