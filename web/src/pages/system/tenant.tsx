import { useEffect, useMemo, useRef, useState } from 'react';
import { DatePicker, Form, InputNumber, Modal, Select, Tag, message } from 'antd';
import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { tenantModel, textOf } from '@campus/schema';
import { ResourceList, statusColumn, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { tenantApi, tenantPackageApi, tenantPackageSetting, tenantSetting, type Tenant, type TenantPackage } from '../../api/admin';
import i18n from '../../i18n';

/** A field's label from the model, in the language shown. */
const fieldLabel = (name: keyof typeof tenantModel.fields) => textOf(tenantModel.fields[name].label, i18n.language === 'en' ? 'en' : 'zh');

const packageOptions = async () =>
  ((await tenantPackageApi.list({ current: 1, size: 200 })).records ?? []).map((p) => ({ label: p.packageName, value: String(p.id) }));

function tenantResource(openSetting: (ids: string[]) => void, openPackage: (row: Tenant) => void): ResourceDescription<Tenant> {
  return modelResource(tenantModel, tenantApi, {
    sort: { descs: 'create_time' },
    formWidth: 760,
    selectable: true,
    fields: {
      tenantId: { form: { addOnly: true, help: 'tenant.tenantIdHelp' } },
      address: { form: { span: 24 } },
      accountNumber: {
        render: (row) => (Number(row.accountNumber ?? -1) < 0 ? i18n.t('tenant.unlimited') : String(row.accountNumber)),
        form: { help: 'tenant.accountNumberHelp', required: false },
      },
      expireTime: { render: (row) => (row.expireTime ? dayjs(String(row.expireTime)).format('YYYY-MM-DD HH:mm:ss') : i18n.t('tenant.unlimited')) },
      packageId: { form: { type: 'select', loadOptions: packageOptions } },
      status: statusColumn(),
    },
    extraActions: [
      { key: 'setting', label: 'tenant.setting', permission: 'tenant_setting', placement: 'toolbar', icon: <SettingOutlined />, needSelection: true, onClick: ({ selected }) => openSetting(selected) },
      { key: 'package', label: 'tenant.packageSetting', permission: 'tenant_setting', placement: 'row', icon: <AppstoreOutlined />, onClick: ({ row }) => openPackage(row as unknown as Tenant) },
    ],
  });
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
        <Form.Item name="accountNumber" label={fieldLabel('accountNumber')} extra={t('tenant.accountNumberHelp')}>
          <InputNumber min={-1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expireTime" label={fieldLabel('expireTime')} extra={t('tenant.expireTimeHelp')}>
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
