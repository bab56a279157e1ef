import { useEffect, useMemo, useRef, useState } from 'react';
import { Card, Empty, Form, Input, Modal, Segmented, Spin, Tag, Tree, TreeSelect, message } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined, KeyOutlined, TeamOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { exportUsers, UserImportDialog } from './userExcel';
import type { ActionType } from '@ant-design/pro-components';
import { md5 } from 'js-md5';
import { useTranslation } from 'react-i18next';
import { userModel } from '@campus/schema';
import { ResourceList, type FieldOption, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { usePermission } from '../../components/Permitted';
import { AvatarUpload } from '../../components/AvatarUpload';
import {
  auditPass,
  auditRefuse,
  deptTree,
  grantUserRoles,
  postSelect,
  registerApi,
  resetPassword,
  roleTree,
  unlockUsers,
  userApi,
  type TreeNode,
  type User,
} from '../../api/admin';
import i18n from '../../i18n';

// Texts produced inside callbacks of the description (toasts, validators) resolve when they run.
const i18nT = (k: string) => i18n.t(k);

type Row = Record<string, unknown>;

/** 用户平台 (SpringBlade's user_type): where the account signs in (the three the screen offers; the server takes 1-9). */
const userTypes: FieldOption[] = [
  { label: 'user.typeWeb', value: 1, color: 'blue' },
  { label: 'user.typeApp', value: 2, color: 'green' },
  { label: 'user.typeOther', value: 3, color: 'default' },
];
const AvatarField = ({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) => (
  <AvatarUpload value={value ? String(value) : undefined} onChange={onChange} size={64} />
);

const locked = (row: Row) => !!row.lockUntil && new Date(String(row.lockUntil)).getTime() > Date.now();

/** The form's and the table's order: the model's fields, the password confirmation, the names the list adds, the lock state. */
const ORDER: (keyof User & string)[] = [
  'account', 'realName', 'password', 'password2', 'name', 'code', 'phone', 'email', 'sex', 'birthday', 'userType', 'avatar',
  'deptId', 'roleId', 'postId', 'deptName', 'roleName', 'postName', 'lockUntil', 'createTime',
];

// The columns, search fields and form come from the model (@campus/schema userModel); what is the
// screen's own: the pickers of departments, roles and posts, the password (twice, new users only, sent
// as MD5), the avatar upload, the names the list adds and the lock state.
function userResource(deptId: string | undefined, openRoles: (ids: string[]) => void, openImport: () => void): ResourceDescription<User> {
  const described = modelResource<User>(userModel, userApi, {
    params: { deptId },
    formWidth: 760,
    selectable: true,
    fields: {
      password: { form: { required: true, addOnlyField: true, rules: [{ min: 6, message: 'user.passwordLength' }] } },
      birthday: { form: { type: 'date' } },
      userType: { options: userTypes },
      avatar: { form: { type: 'custom', component: AvatarField } },
      // (picked, so always ids: the model's check of a typed list is the server's)
      deptId: { form: { type: 'treeSelect', required: true, loadTree: deptTree, rules: [] } },
      roleId: { form: { type: 'treeSelect', required: true, loadTree: roleTree, rules: [] } },
      postId: { form: { type: 'select', rules: [], loadOptions: async () => (await postSelect()).map((p) => ({ label: p.postName, value: String(p.id) })) } },
      lockUntil: {
        title: 'user.state',
        width: 90,
        hideInTable: false,
        inDetail: true,
        render: (row) => (locked(row) ? <Tag color="red">{i18nT('user.locked')}</Tag> : <Tag color="green">{i18nT('user.normal')}</Tag>),
      },
    },
    append: [
      {
        title: 'user.password2',
        dataIndex: 'password2',
        hideInTable: true,
        inDetail: false,
        form: {
          type: 'password',
          required: true,
          addOnlyField: true,
          span: 12,
          rules: [
            ({ getFieldValue }) => ({
              validator: async (_, v) => {
                if (v && v !== getFieldValue('password')) throw new Error(i18nT('user.passwordMismatch'));
              },
            }),
          ],
        },
      },
      { title: 'user.dept', dataIndex: 'deptName', ellipsis: true, width: 160 },
      { title: 'user.role', dataIndex: 'roleName', ellipsis: true, width: 160 },
      { title: 'user.post', dataIndex: 'postName', ellipsis: true, width: 120 },
      { title: 'user.createTime', dataIndex: 'createTime', width: 170, search: 'daterange', sortable: true },
    ],
    beforeSubmit: (values, { isEdit }) => {
      if (isEdit) return values;
      return { ...values, password: md5(String(values.password)), password2: md5(String(values.password2)) };
    },
    extraActions: [
      { key: 'import', label: 'userExcel.import', permission: 'user_import', placement: 'toolbar', icon: <UploadOutlined />, onClick: () => openImport() },
      {
        key: 'export', label: 'userExcel.export', permission: 'user_export', placement: 'toolbar', icon: <DownloadOutlined />,
        onClick: () => exportUsers({}, i18nT('userExcel.exportName')),
      },
      {
        key: 'reset',
        label: 'user.reset',
        permission: 'user_reset',
        placement: 'toolbar',
        icon: <KeyOutlined />,
        needSelection: true,
        confirm: 'user.resetConfirm',
        onClick: async ({ selected }) => {
          await resetPassword(selected);
          message.success(i18nT('user.resetDone'));
        },
      },
      {
        key: 'role',
        label: 'user.roleConfig',
        permission: 'user_role',
        placement: 'toolbar',
        icon: <TeamOutlined />,
        needSelection: true,
        onClick: ({ selected }) => openRoles(selected),
      },
      {
        key: 'unlock',
        label: 'user.unlock',
        permission: 'user_unlock',
        placement: 'toolbar',
        icon: <UnlockOutlined />,
        needSelection: true,
        confirm: 'user.unlockConfirm',
        onClick: async ({ selected }) => {
          await unlockUsers(selected);
          message.success(i18nT('common.success'));
        },
      },
    ],
  });
  // the screen's order; the fields the server writes alone (status, lockout counters, platform extension) stay off it
  const byKey = new Map(described.columns.map((c) => [c.dataIndex, c]));
  return { ...described, columns: ORDER.map((k) => byKey.get(k)!) };
}


const registerResource: ResourceDescription<User> = {
  title: 'user.registerTitle',
  api: registerApi,
  readOnly: true,
  selectable: true,
  editFromRow: true,
  permissions: {},
  columns: [
    { title: 'user.account', dataIndex: 'account', search: 'like', width: 140 },
    { title: 'user.realName', dataIndex: 'realName', search: 'like', width: 120 },
    { title: 'user.name', dataIndex: 'name', width: 120 },
    { title: 'user.phone', dataIndex: 'phone', width: 130 },
    { title: 'user.email', dataIndex: 'email', width: 180 },
    { title: 'user.registerTime', dataIndex: 'createTime', width: 170 },
  ],
  extraActions: [
    {
      key: 'pass',
      label: 'user.auditPass',
      permission: 'user_audit',
      placement: 'toolbar',
      icon: <CheckOutlined />,
      needSelection: true,
      confirm: 'user.auditPassConfirm',
      onClick: async ({ selected }) => {
        await auditPass(selected);
        message.success(i18nT('common.success'));
      },
    },
    {
      key: 'refuse',
      label: 'user.auditRefuse',
      permission: 'user_audit',
      placement: 'toolbar',
      danger: true,
      icon: <CloseOutlined />,
      needSelection: true,
      confirm: 'user.auditRefuseConfirm',
      onClick: async ({ selected }) => {
        await auditRefuse(selected);
        message.success(i18nT('common.success'));
      },
    },
    {
      key: 'passRow',
      label: 'user.auditPass',
      permission: 'user_audit',
      placement: 'row',
      confirm: 'user.auditPassConfirm',
      onClick: async ({ row, reload }) => {
        await auditPass([String(row!.id)]);
        message.success(i18nT('common.success'));
        reload();
      },
    },
    {
      key: 'refuseRow',
      label: 'user.auditRefuse',
      permission: 'user_audit',
      placement: 'row',
      danger: true,
      confirm: 'user.auditRefuseConfirm',
      onClick: async ({ row, reload }) => {
        await auditRefuse([String(row!.id)]);
        message.success(i18nT('common.success'));
        reload();
      },
    },
  ],
};

/** Department tree beside the user table: choosing a department lists it and its sub-departments. */
function DeptSide({ value, onChange }: { value?: string; onChange(id: string | undefined): void }) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<TreeNode[] | null>(null);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    void deptTree().then(setNodes);
  }, []);
  const shown = useMemo(() => (nodes ? filterTree(nodes, filter.trim()) : []), [nodes, filter]);
  return (
    <Card size="small" title={t('user.deptTree')} className="side-tree">
      <Input.Search allowClear size="small" placeholder={t('user.deptFilter')} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
      {!nodes ? (
        <Spin size="small" />
      ) : shown.length ? (
        <Tree
          blockNode
          defaultExpandAll
          treeData={shown as never}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => onChange(keys.length ? String(keys[0]) : undefined)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

function filterTree(nodes: TreeNode[], text: string): TreeNode[] {
  if (!text) return nodes;
  const out: TreeNode[] = [];
  for (const n of nodes) {
    const kids = n.children ? filterTree(n.children, text) : [];
    if (n.title.includes(text) || kids.length) out.push({ ...n, children: kids.length ? kids : n.children });
  }
  return out;
}

/** 角色配置: give the chosen users these roles (replacing theirs). */
function RoleDialog({ userIds, onClose }: { userIds: string[] | null; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const [roles, setRoles] = useState<TreeNode[]>([]);
  useEffect(() => {
    if (userIds) void roleTree().then(setRoles);
  }, [userIds]);
  return (
    <Modal
      title={t('user.roleConfig')}
      open={!!userIds}
      width={420}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={async () => {
        const { roleIds } = await form.validateFields();
        await grantUserRoles(userIds ?? [], roleIds);
        message.success(t('common.success'));
        onClose(true);
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="roleIds" label={t('user.role')} rules={[{ required: true, message: t('switch.roleRequired') }]}>
          <TreeSelect treeData={roles as never} multiple treeCheckable treeDefaultExpandAll showCheckedStrategy={TreeSelect.SHOW_ALL} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function UserPage() {
  const { t, i18n: inst } = useTranslation();
  const canAudit = usePermission('user_audit');
  const [tab, setTab] = useState<'users' | 'register'>('users');
  const [deptId, setDeptId] = useState<string>();
  const [roleUsers, setRoleUsers] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const ref = useRef<ActionType | null>(null);
  const resource = useMemo(() => userResource(deptId, setRoleUsers, () => setImporting(true)), [deptId, inst.language]);
  const switcher = canAudit ? (
    <Segmented
      key="tab"
      aria-label={t('user.title')}
      value={tab}
      onChange={(v) => setTab(v as 'users' | 'register')}
      options={[
        { label: t('user.tabUsers'), value: 'users' },
        { label: t('user.tabRegister'), value: 'register' },
      ]}
    />
  ) : null;
  if (tab === 'register') return <ResourceList resource={registerResource} titleExtra={switcher} />;
  return (
    <div className="side-tree-layout">
      <DeptSide value={deptId} onChange={setDeptId} />
      <div className="side-main">
        <ResourceList resource={resource} actionRef={ref} titleExtra={switcher} />
      </div>
      <UserImportDialog open={importing} onClose={(done) => { setImporting(false); if (done) ref.current?.reload(); }} />
      <RoleDialog
        userIds={roleUsers}
        onClose={(done) => {
          setRoleUsers(null);
          if (done) ref.current?.reload();
        }}
      />
    </div>
  );
}
