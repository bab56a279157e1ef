// 权限管理 of an app (001 §3.2, §6): its permission groups — whom each grants (people from the people
// picker, roles, departments, posts: anyone matching one), the operations (the standard ones and the
// app's custom buttons) and the records (all, their department's, their own) — and per group the
// field rights: a row per field of the main and child models with hidden / read-only / in the list /
// searchable, saved at once. 检查人员权限 asks the server what one person may do in the app.
import { useEffect, useMemo, useRef, useState } from 'react';
import { ModalForm, ProForm, ProFormCheckbox, ProFormRadio, ProFormSelect, ProFormText, ProFormTreeSelect, type ActionType } from '@ant-design/pro-components';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Space, Spin, Switch, Table, Tag, message } from 'antd';
import { PlusOutlined, UserOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { APP_OPERATES, appPermissionModel, appPermissionScopeModel } from '@campus/schema';
import { useTranslation } from 'react-i18next';
import { mLabel, mRequired } from '../shell/modelText';
import { crud } from '../../../api/crud';
import { http } from '../../../api/request';
import { postSelect } from '../../../api/admin';
import { deptTree, roleTree, treeOptions, type Person } from '../../../api/message';
import { PeoplePicker } from '../../../components/PeoplePicker';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { queryAppModelFields } from '../api';
import { useMiniApp } from '../context';
import { appButtons, changePermission, groupScopes, permissionApi, saveScopes, type AppPermissionGroup, type FieldScope, type PersonRights } from './api';
import '../shell/shell.css';

type Row = Record<string, unknown>;
// the field-right model's labels (model.appPermissionScope.*) for the grid's headings
modelResource(appPermissionScopeModel, crud(appPermissionScopeModel.api));
const csv = (v: unknown) => String(v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const usersByIds = (ids: string[]) => (ids.length ? http.get<Person[]>('/api/blade-system/user/userListByIds', { ids: ids.join(',') }) : Promise.resolve([]));

export default function AuthManage() {
  const app = useMiniApp();
  return <AuthContent appId={app.params.appId} />;
}

/** The permission groups of one app with their field rights (also the back office's 权限配置 once an app is chosen). */
export function AuthContent({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  const [fieldsOf, setFieldsOf] = useState<AppPermissionGroup | null>(null);
  const [buttons, setButtons] = useState<{ id: string; btnName: string }[]>([]);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    appButtons(appId).then(setButtons, () => setButtons([]));
  }, [appId]);
  const opLabel = (o: string) => {
    if (o.startsWith('custom:')) return buttons.find((b) => `custom:${b.id}` === o)?.btnName ?? t('miniApp.auth.customGone');
    return t(`miniApp.auth.op.${o}`);
  };

  const resource = useMemo(() => modelResource<AppPermissionGroup>(appPermissionModel, permissionApi, {
    title: 'miniApp.auth.groups',
    readOnly: true,
    hideView: true,
    permissions: {},
    params: { appId },
    fields: {
      appId: { search: undefined },
      permissionName: { width: 180 },
      operates: { search: undefined, render: (row) => <Space size={[4, 4]} wrap>{csv(row.operates).map((o) => <Tag key={o} color={o.startsWith('custom:') ? 'purple' : 'blue'}>{opLabel(o)}</Tag>)}</Space> },
    },
    append: [{
      title: 'miniApp.auth.grantees', dataIndex: 'userIds' as keyof AppPermissionGroup & string, width: 220,
      render: (row) => {
        const n = (k: string) => csv(row[k]).length;
        const parts = [['userIds', 'people'], ['roleIds', 'roles'], ['deptIds', 'depts'], ['postIds', 'posts']].filter(([k]) => n(k)).map(([k, label]) => t(`miniApp.auth.count.${label}`, { n: n(k) }));
        return parts.length ? parts.join(' · ') : <span style={{ color: '#999' }}>{t('miniApp.auth.nobody')}</span>;
      },
    }],
    extraActions: [
      { key: 'add', label: 'common.add', placement: 'toolbar', icon: <PlusOutlined />, onClick: () => setEditing({ dataScope: 'all', operates: ['view'] }) },
      { key: 'check', label: 'miniApp.auth.checkPerson', placement: 'toolbar', icon: <UserSwitchOutlined />, onClick: () => setChecking(true) },
      { key: 'edit', label: 'common.edit', placement: 'row', onClick: async ({ row }) => { const d = await permissionApi.detail(String(row!.id)); if (d) setEditing({ ...d }); } },
      { key: 'fields', label: 'miniApp.auth.fieldRights', placement: 'row', onClick: ({ row }) => setFieldsOf(row as unknown as AppPermissionGroup) },
      {
        key: 'remove', label: 'common.delete', placement: 'row', danger: true, confirm: 'common.confirmDelete',
        onClick: async ({ row, reload }) => { await permissionApi.remove([String(row!.id)]); message.success(t('common.success')); reload(); },
      },
    ],
  }), [appId, buttons, t]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="mini-auth" data-testid="mini-auth">
      <ResourceList resource={resource} actionRef={actionRef} />
      <GroupForm appId={appId} value={editing} buttons={buttons} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); actionRef.current?.reload(); }} />
      <FieldRights appId={appId} group={fieldsOf} onClose={() => setFieldsOf(null)} />
      <CheckPerson appId={appId} open={checking} onClose={() => setChecking(false)} opLabel={opLabel} />
    </div>
  );
}

function GroupForm({ appId, value, buttons, onClose, onSaved }: { appId: string; value: Row | null; buttons: { id: string; btnName: string }[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [people, setPeople] = useState<Person[]>([]);
  const [picking, setPicking] = useState(false);
  const [loadingPeople, setLoadingPeople] = useState(false);
  useEffect(() => {
    if (!value) return;
    const ids = csv(value.userIds);
    setPeople([]);
    if (!ids.length) return;
    setLoadingPeople(true);
    usersByIds(ids).then(setPeople, () => setPeople(ids.map((id) => ({ id, account: id })))).finally(() => setLoadingPeople(false));
  }, [value]);
  const f = (n: string) => t(`model.appPermission.fields.${n}`);
  const operateOptions = [
    ...APP_OPERATES.map((o) => ({ label: t(`miniApp.auth.op.${o}`), value: o })),
    ...buttons.map((b) => ({ label: `${t('miniApp.auth.customPrefix')}${b.btnName}`, value: `custom:${b.id}` })),
  ];
  return (
    <>
      <ModalForm<Row>
        key={value?.id ? String(value.id) : 'new'}
        title={t(value?.id ? 'miniApp.auth.editGroup' : 'miniApp.auth.addGroup')}
        open={!!value}
        width={720}
        layout="vertical"
        grid
        rowProps={{ gutter: 16 }}
        initialValues={value ? {
          ...value,
          operates: Array.isArray(value.operates) ? value.operates : csv(value.operates),
          roleIds: csv(value.roleIds), deptIds: csv(value.deptIds), postIds: csv(value.postIds),
        } : undefined}
        modalProps={{ destroyOnHidden: true, onCancel: onClose, maskClosable: false }}
        onOpenChange={(o) => { if (!o) onClose(); }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        onFinish={async (v) => {
          const join = (x: unknown) => (Array.isArray(x) ? x.join(',') : String(x ?? '')) || null;
          const body = {
            id: value?.id as string | undefined, appId, permissionName: v.permissionName, dataScope: v.dataScope,
            operates: join(v.operates), userIds: people.map((p) => p.id).join(',') || null, roleIds: join(v.roleIds), deptIds: join(v.deptIds), postIds: join(v.postIds),
          };
          if (!body.userIds && !body.roleIds && !body.deptIds && !body.postIds) {
            message.warning(t('miniApp.auth.needGrantee'));
            return false;
          }
          await permissionApi.submit(body as never);
          message.success(t('common.success'));
          onSaved();
          return true;
        }}
      >
        <ProFormText name="permissionName" label={f('permissionName')} colProps={{ span: 12 }} rules={[{ required: true, message: mRequired(appPermissionModel, 'permissionName') }, { max: 64, message: t('miniApp.admin.tooLong', { n: 64 }) }]} />
        <ProFormRadio.Group
          name="dataScope" label={f('dataScope')} colProps={{ span: 12 }} radioType="button" rules={[{ required: true }]}
          options={['all', 'dept', 'own'].map((v) => ({ label: t(`model.appPermission.options.dataScope.${v}`), value: v }))}
        />
        <ProForm.Item label={f('userIds')} colProps={{ span: 24 }}>
          <Spin spinning={loadingPeople}>
            <Space size={[4, 8]} wrap>
              {people.map((p) => (
                <Tag key={p.id} closable onClose={() => setPeople((list) => list.filter((x) => x.id !== p.id))}>
                  <UserOutlined /> {p.realName || p.name || p.account}
                </Tag>
              ))}
              <Button size="small" icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="mini-auth-people">{t('miniApp.auth.pickPeople')}</Button>
            </Space>
          </Spin>
        </ProForm.Item>
        <ProFormTreeSelect
          name="roleIds" label={f('roleIds')} colProps={{ span: 12 }}
          request={async () => treeOptions(await roleTree())}
          fieldProps={{ multiple: true, treeDefaultExpandAll: true, maxTagCount: 'responsive', treeNodeFilterProp: 'title', showSearch: true, allowClear: true }}
        />
        <ProFormTreeSelect
          name="deptIds" label={f('deptIds')} colProps={{ span: 12 }}
          request={async () => treeOptions(await deptTree())}
          fieldProps={{ multiple: true, treeDefaultExpandAll: true, maxTagCount: 'responsive', treeNodeFilterProp: 'title', showSearch: true, allowClear: true }}
        />
        <ProFormSelect
          name="postIds" label={f('postIds')} colProps={{ span: 24 }} mode="multiple"
          request={async () => (await postSelect()).map((p) => ({ label: String(p.postName), value: String(p.id) }))}
          fieldProps={{ showSearch: true, optionFilterProp: 'label', maxTagCount: 'responsive' }}
        />
        <ProFormCheckbox.Group
          name="operates" label={f('operates')} colProps={{ span: 24 }} options={operateOptions}
          rules={[{ required: true, message: t('miniApp.auth.needOperate') }]}
        />
      </ModalForm>
      <PeoplePicker
        open={picking}
        mode="checkbox"
        value={people}
        title={t('miniApp.auth.pickPeople')}
        onCancel={() => setPicking(false)}
        onConfirm={(list) => { setPeople(list); setPicking(false); }}
      />
    </>
  );
}

interface FieldRow { key: string; modelId: string; model: string; fieldName: string; label: string; hide: boolean; disabled: boolean; display: boolean; search: boolean; searchable: boolean }
const OPEN = { hide: false, disabled: false, display: true, search: true };

/** The field rights of one group: every field of the app's main and child models, saved at once (fields left open are not stored). */
function FieldRights({ appId, group, onClose }: { appId: string; group: AppPermissionGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<FieldRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [noModel, setNoModel] = useState(false);
  useEffect(() => {
    if (!group) return;
    let live = true;
    setLoading(true);
    setRows([]);
    Promise.all([queryAppModelFields(appId), groupScopes(group.id)])
      .then(([fields, scopes]) => {
        if (!live) return;
        setNoModel(!fields.modelId);
        const by = new Map(scopes.map((s) => [`${s.modelId}:${s.fieldName}`, s]));
        const out: FieldRow[] = [];
        const add = (modelId: string, model: string, col: { prop: string; label: string; search?: boolean }) => {
          const s = by.get(`${modelId}:${col.prop}`);
          out.push({
            key: `${modelId}:${col.prop}`, modelId, model, fieldName: col.prop, label: col.label, searchable: !!col.search,
            ...(s ? { hide: s.hide === 1, disabled: s.disabled === 1, display: s.display === 1, search: s.search === 1 } : OPEN),
          });
        };
        for (const c of fields.column ?? []) {
          const col = c as { prop: string; label: string; type?: string; modelId?: string; search?: boolean; children?: { column?: { prop: string; label: string; search?: boolean }[] } };
          if (col.type === 'dynamic' && col.modelId) for (const cc of col.children?.column ?? []) add(String(col.modelId), col.label, cc);
          else if (fields.modelId) add(String(fields.modelId), t('miniApp.auth.mainModel'), col);
        }
        setRows(out);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [appId, group, t]);
  const set = (key: string, part: Partial<FieldRow>) => setRows((list) => list.map((r) => {
    if (r.key !== key) return r;
    const next = { ...r, ...part };
    // a hidden field is read-only, off the list and not searchable too
    if (part.hide) Object.assign(next, { disabled: true, display: false, search: false });
    return next;
  }));
  const save = async () => {
    if (!group) return;
    setSaving(true);
    try {
      const scopes: FieldScope[] = rows
        .filter((r) => r.hide !== OPEN.hide || r.disabled !== OPEN.disabled || r.display !== OPEN.display || r.search !== OPEN.search)
        .map((r) => ({ modelId: r.modelId, fieldName: r.fieldName, hide: +r.hide, disabled: +r.disabled, display: +r.display, search: +r.search }));
      await saveScopes(group.id, scopes);
      message.success(t('miniApp.auth.fieldsSaved'));
      onClose();
    } finally {
      setSaving(false);
    }
  };
  const sw = (k: 'hide' | 'disabled' | 'display' | 'search') => ({
    title: t(`model.appPermissionScope.fields.${k}`), dataIndex: k, width: 100, align: 'center' as const,
    render: (_: unknown, r: FieldRow) => (
      <Switch size="small" checked={r[k] && (k !== 'search' || r.searchable)} disabled={(k !== 'hide' && r.hide) || (k === 'search' && !r.searchable)} onChange={(v) => set(r.key, { [k]: v })} aria-label={`${r.fieldName}-${k}`} />
    ),
  });
  return (
    <Drawer
      title={group ? t('miniApp.auth.fieldRightsOf', { name: group.permissionName }) : ''}
      open={!!group}
      onClose={onClose}
      width={Math.min(860, window.innerWidth)}
      destroyOnHidden
      extra={<Space><Button onClick={onClose}>{t('common.cancel')}</Button><Button type="primary" loading={saving} disabled={!rows.length} onClick={() => void save()} data-testid="mini-auth-fields-save">{t('common.save')}</Button></Space>}
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('miniApp.auth.fieldRightsHelp')} />
      <Spin spinning={loading}>
        {noModel && !loading ? <Empty description={t('miniApp.home.designFirst')} /> : (
          <Table<FieldRow>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: t('miniApp.auth.model'), dataIndex: 'model', width: 120 },
              { title: mLabel(appPermissionScopeModel, 'fieldName'), dataIndex: 'label', render: (_, r) => <span>{r.label} <span style={{ color: '#999' }}>({r.fieldName})</span></span> },
              sw('hide'), sw('disabled'), sw('display'), sw('search'),
            ]}
          />
        )}
      </Spin>
    </Drawer>
  );
}

function CheckPerson({ appId, open, onClose, opLabel }: { appId: string; open: boolean; onClose: () => void; opLabel: (o: string) => string }) {
  const { t } = useTranslation();
  const [person, setPerson] = useState<Person | null>(null);
  const [rights, setRights] = useState<PersonRights | null>(null);
  const [picking, setPicking] = useState(false);
  const [loading, setLoading] = useState(false);
  useEffect(() => { if (!open) { setPerson(null); setRights(null); } }, [open]);
  const check = async (p: Person) => {
    setPerson(p);
    setLoading(true);
    try {
      setRights(await changePermission(appId, p.id));
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Drawer title={t('miniApp.auth.checkPerson')} open={open} onClose={onClose} width={Math.min(520, window.innerWidth)} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <Button icon={<UserOutlined />} onClick={() => setPicking(true)} data-testid="mini-auth-check-pick">{person ? t('miniApp.auth.pickOther') : t('miniApp.auth.pickPerson')}</Button>
          <Spin spinning={loading}>
            {person && rights && (
              <Card size="small" title={person.realName || person.account}>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('miniApp.auth.access')}>
                    {rights.access ? <Tag color="green">{t('miniApp.auth.hasAccess')}</Tag> : <Tag color="red">{t('miniApp.auth.noAccess')}</Tag>}
                    {rights.manager && <Tag color="gold">{t('miniApp.home.manager')}</Tag>}
                  </Descriptions.Item>
                  <Descriptions.Item label={mLabel(appPermissionModel, 'operates')}>
                    <Space size={[4, 4]} wrap>{rights.operates.filter((o) => o !== 'custom').map((o) => <Tag key={o}>{opLabel(o)}</Tag>)}{!rights.operates.length && '-'}</Space>
                  </Descriptions.Item>
                  <Descriptions.Item label={mLabel(appPermissionModel, 'dataScope')}>{rights.access ? t(`model.appPermission.options.dataScope.${rights.dataScope}`) : '-'}</Descriptions.Item>
                </Descriptions>
              </Card>
            )}
            {!person && <Empty description={t('miniApp.auth.checkHelp')} />}
          </Spin>
        </Space>
      </Drawer>
      <PeoplePicker open={picking} mode="radio" title={t('miniApp.auth.pickPerson')} onCancel={() => setPicking(false)} onConfirm={(list) => { setPicking(false); if (list[0]) void check(list[0]); }} />
    </>
  );
}
