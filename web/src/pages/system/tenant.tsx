import { useEffect, useMemo, useRef, useState } from 'react';
import { DatePicker, Form, InputNumber, Modal, Select, Tag, message } from 'antd';
import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ResourceList, statusColumn, type ResourceDescription } from '../../components/ResourceList';
import { tenantApi, tenantPackageApi, tenantPackageSetting, tenantSetting, type Tenant, type TenantPackage } from '../../api/admin';
import i18n from '../../i18n';

const packageOptions = async () =>
  ((await tenantPackageApi.list({ current: 1, size: 200 })).records ?? []).map((p) => ({ label: p.packageName, value: String(p.id) }));

function tenantResource(openSetting: (ids: string[]) => void, openPackage: (row: Tenant) => void): ResourceDescription<Tenant> {
  return {
    title: 'tenant.title',
    api: tenantApi,
    sort: { descs: 'create_time' },
    formWidth: 760,
    selectable: true,
    permissions: { add: 'tenant_add', edit: 'tenant_edit', delete: 'tenant_delete', view: 'tenant_view' },
    columns: [
      { title: 'tenant.tenantId', dataIndex: 'tenantId', search: 'like', width: 110, form: { addOnly: true, span: 12, help: 'tenant.tenantIdHelp', rules: [{ pattern: /^\d{6}$/, message: 'tenant.tenantIdFormat' }] } },
      { title: 'tenant.tenantName', dataIndex: 'tenantName', search: 'like', width: 180, form: { required: true, requiredMessage: 'tenant.nameRequired', span: 12 } },
      { title: 'tenant.linkman', dataIndex: 'linkman', search: 'like', width: 110, form: { span: 12 } },
      { title: 'tenant.contactNumber', dataIndex: 'contactNumber', width: 130, form: { span: 12 } },
      { title: 'tenant.address', dataIndex: 'address', hideInTable: true, form: { span: 24 } },
      { title: 'tenant.domainUrl', dataIndex: 'domainUrl', width: 180, ellipsis: true, form: { span: 12 } },
      { title: 'tenant.backgroundUrl', dataIndex: 'backgroundUrl', hideInTable: true, form: { span: 12 } },
      {
        title: 'tenant.accountNumber',
        dataIndex: 'accountNumber',
        width: 100,
        render: (row) => (Number(row.accountNumber ?? -1) < 0 ? i18n.t('tenant.unlimited') : String(row.accountNumber)),
        form: { type: 'number', min: -1, span: 12, default: -1, help: 'tenant.accountNumberHelp' },
      },
      {
        title: 'tenant.expireTime',
        dataIndex: 'expireTime',
        width: 170,
        render: (row) => (row.expireTime ? dayjs(String(row.expireTime)).format('YYYY-MM-DD HH:mm:ss') : i18n.t('tenant.unlimited')),
        form: { type: 'datetime', span: 12 },
      },
      { title: 'tenant.package', dataIndex: 'packageId', hideInTable: true, inDetail: false, form: { type: 'select', span: 12, loadOptions: packageOptions } },
      statusColumn(),
    ],
    extraActions: [
      { key: 'setting', label: 'tenant.setting', permission: 'tenant_setting', placement: 'toolbar', icon: <SettingOutlined />, needSelection: true, onClick: ({ selected }) => openSetting(selected) },
      { key: 'package', label: 'tenant.packageSetting', permission: 'tenant_setting', placement: 'row', icon: <AppstoreOutlined />, onClick: ({ row }) => openPackage(row as unknown as Tenant) },
    ],
  };
}

/** 授权配置: account quota and expiry for the chosen tenants. */
function SettingDialog({ ids, onClose }: { ids: string[] | null; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ accountNumber?: number; expireTime?: Dayjs }>();
  return (
    <Modal
      title={t('tenant.setting')}
      open={!!ids}
      width={420}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={async () => {
        const v = await form.validateFields();
        await tenantSetting(ids ?? [], v.accountNumber ?? -1, v.expireTime ? v.expireTime.format('YYYY-MM-DD HH:mm:ss') : undefined);
        message.success(t('common.success'));
        onClose(true);
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ accountNumber: -1 }}>
        <Form.Item name="accountNumber" label={t('tenant.accountNumber')} extra={t('tenant.accountNumberHelp')}>
          <InputNumber min={-1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expireTime" label={t('tenant.expireTime')} extra={t('tenant.expireTimeHelp')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 产品包: the package whose menus the tenant may use. */
function PackageDialog({ tenant, onClose }: { tenant: Tenant | null; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const [packages, setPackages] = useState<TenantPackage[]>([]);
  const [packageId, setPackageId] = useState<string | undefined>();
  useEffect(() => {
    if (!tenant) return;
    setPackageId(tenant.packageId ?? undefined);
    void tenantPackageApi.list({ current: 1, size: 200 }).then((p) => setPackages(p.records ?? []));
  }, [tenant]);
  return (
    <Modal
      title={`${t('tenant.packageSetting')} · ${tenant?.tenantName ?? ''}`}
      open={!!tenant}
      width={420}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={async () => {
        await tenantPackageSetting(tenant!.tenantId, packageId);
        message.success(t('common.success'));
        onClose(true);
      }}
    >
      <Select
        style={{ width: '100%' }}
        allowClear
        placeholder={t('tenant.noPackage')}
        value={packageId}
        onChange={setPackageId}
        options={packages.map((p) => ({ label: p.packageName, value: String(p.id) }))}
      />
      <div style={{ marginTop: 8 }}>
        <Tag>{t('tenant.packageHelp')}</Tag>
      </div>
    </Modal>
  );
}

export default function TenantPage() {
  const { i18n: inst } = useTranslation();
  const [settingIds, setSettingIds] = useState<string[] | null>(null);
  const [pkgTenant, setPkgTenant] = useState<Tenant | null>(null);
  const ref = useRef<ActionType | null>(null);
  const resource = useMemo(() => tenantResource(setSettingIds, setPkgTenant), [inst.language]);
  const done = (ok: boolean) => ok && ref.current?.reload();
  return (
    <>
      <ResourceList resource={resource} actionRef={ref} />
      <SettingDialog ids={settingIds} onClose={(ok) => { setSettingIds(null); done(ok); }} />
      <PackageDialog tenant={pkgTenant} onClose={(ok) => { setPkgTenant(null); done(ok); }} />
    </>
  );
}
