// 应用菜单 of an app (001 §3.2 appMenu: menuName, menuRouter, menuIcon, menuAlias, children): the
// entries of the app's own sidebar, a tree; each route is a child screen of the shell, chosen from
// the list (or typed: a child path with its own query, e.g. dataManage?view=mine).
import { useMemo, useState } from 'react';
import { ModalForm, ProForm, ProFormDigit, ProFormText, ProFormTreeSelect } from '@ant-design/pro-components';
import { AutoComplete, Button, Card, Modal, Space, Table, message } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { appMenuModel } from '@campus/schema';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mRequired, mInvalid } from '../shell/modelText';
import { crud } from '../../../api/crud';
import { modelResource } from '../../../components/model-resource';
import { menuIcon } from '../../../shell/icons';
import { useMiniApp } from '../context';
import { SHELL_SCREENS } from '../screens';
import { IconSelect } from '../shell/IconSelect';

interface MenuRow { id: string; appId: string; parentId?: string | null; menuName: string; menuRouter: string; menuIcon?: string | null; menuAlias?: string | null; sort: number; children?: MenuRow[] }
type Row = Record<string, unknown>;
interface SelectItem { title: string; value: string; children?: SelectItem[] }
const menuApi = crud<MenuRow>(appMenuModel.api);
// the model's labels (model.appMenu.*) for the form, as the generic screens have them
modelResource(appMenuModel, menuApi);

/** The children of the shell a menu may lead to (not the welcome page's route form, the app list or a button's page). */
export const MENU_TARGETS = SHELL_SCREENS.filter((s) => !['admin', 'urlPath', 'design/process'].includes(s.path)).map((s) => (s.path === 'index/:params' ? 'index' : s.path));

function toTree(rows: MenuRow[]): MenuRow[] {
  const ids = new Set(rows.map((r) => String(r.id)));
  const by = new Map<string, MenuRow[]>();
  for (const r of rows) {
    const k = r.parentId && ids.has(String(r.parentId)) ? String(r.parentId) : '0';
    by.set(k, [...(by.get(k) ?? []), r]);
  }
  const walk = (k: string): MenuRow[] => (by.get(k) ?? []).map((r) => {
    const children = walk(String(r.id));
    return children.length ? { ...r, children } : { ...r, children: undefined };
  });
  return walk('0');
}

export default function AppMenuManage() {
  const { t } = useTranslation();
  const app = useMiniApp();
  const appId = app.params.appId;
  const [editing, setEditing] = useState<Row | null>(null);
  const menus = useQuery({ queryKey: ['miniApp', 'menus', appId], queryFn: () => menuApi.list({ appId, current: 1, size: 200 }).then((p) => p.records ?? []) });
  const tree = useMemo(() => toTree(menus.data ?? []), [menus.data]);
  const targetTitle = (router: string) => {
    const path = router.replace(/^\/+/, '').replace(/^miniApp\/home\/?/, '').split('?')[0] || 'index';
    return MENU_TARGETS.includes(path) ? t(`miniApp.screen.${path === 'design/process' ? 'designProcess' : path}`) : null;
  };
  const parentOptions = (list: MenuRow[], skip?: string): SelectItem[] =>
    list.filter((m) => String(m.id) !== skip).map((m) => ({ title: m.menuName, value: String(m.id), children: m.children?.length ? parentOptions(m.children, skip) : undefined }));
  const reload = () => { void menus.refetch(); app.refresh(); };
  const remove = (row: MenuRow) => Modal.confirm({
    title: t('common.tip'),
    content: row.children?.length ? t('miniApp.menu.removeWithChildren', { name: row.menuName }) : t('common.confirmDelete'),
    okButtonProps: { danger: true },
    onOk: async () => { await menuApi.remove([row.id]); message.success(t('common.success')); reload(); },
  });
  const f = (n: string) => t(`model.appMenu.fields.${n}`);
  return (
    <Card
      title={t('miniApp.screen.appMenu')}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void menus.refetch()}>{t('miniApp.shell.refresh')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ sort: 1 })}>{t('common.add')}</Button>
        </Space>
      }
    >
      <Table<MenuRow>
        rowKey="id"
        size="middle"
        loading={menus.isLoading}
        dataSource={tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true, indentSize: 20 }}
        locale={{ emptyText: t('miniApp.menu.empty') }}
        columns={[
          { title: f('menuName'), dataIndex: 'menuName', render: (_, r) => <Space size={6}>{menuIcon(r.menuIcon ?? undefined)}{r.menuName}</Space> },
          { title: f('menuRouter'), dataIndex: 'menuRouter', render: (_, r) => <Space size={6}><code>{r.menuRouter}</code>{targetTitle(r.menuRouter) && <span style={{ color: '#888' }}>({targetTitle(r.menuRouter)})</span>}</Space> },
          { title: f('menuAlias'), dataIndex: 'menuAlias', width: 140, render: (v) => v || '-' },
          { title: f('sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('common.action'), key: 'op', width: 200, render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ ...r, children: undefined })}>{t('common.edit')}</Button>
                <Button type="link" size="small" onClick={() => setEditing({ sort: 1, parentId: r.id })}>{t('miniApp.menu.addChild')}</Button>
                <Button type="link" size="small" danger onClick={() => remove(r)}>{t('common.delete')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<Row>
        key={editing?.id ? String(editing.id) : `new-${String(editing?.parentId ?? '')}`}
        title={t(editing?.id ? 'miniApp.menu.edit' : 'miniApp.menu.add')}
        open={!!editing}
        width={600}
        layout="vertical"
        grid
        rowProps={{ gutter: 16 }}
        initialValues={editing ? { ...editing, parentId: editing.parentId && editing.parentId !== '0' ? String(editing.parentId) : undefined } : undefined}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null), maskClosable: false }}
        onOpenChange={(o) => { if (!o) setEditing(null); }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        onFinish={async (v) => {
          await menuApi.submit({ ...v, id: editing?.id as string | undefined, appId, parentId: (v.parentId as string) || null } as never);
          message.success(t('common.success'));
          setEditing(null);
          reload();
          return true;
        }}
      >
        <ProFormText name="menuName" label={f('menuName')} colProps={{ span: 12 }} rules={[{ required: true, message: mRequired(appMenuModel, 'menuName') }, { max: 64, message: t('miniApp.admin.tooLong', { n: 64 }) }]} />
        <ProFormTreeSelect name="parentId" label={f('parentId')} colProps={{ span: 12 }} fieldProps={{ treeData: parentOptions(tree, editing?.id as string | undefined), allowClear: true, treeDefaultExpandAll: true, placeholder: t('miniApp.menu.topLevel') }} />
        <ProForm.Item
          name="menuRouter" label={f('menuRouter')} colProps={{ span: 24 }} extra={t('miniApp.menu.routerHelp')}
          rules={[
            { required: true, message: mRequired(appMenuModel, 'menuRouter') },
            { max: 255, message: t('miniApp.admin.tooLong', { n: 255 }) },
            { pattern: /^[A-Za-z0-9/_\-.?=&%]+$/, message: mInvalid(appMenuModel, 'menuRouter') },
          ]}
        >
          <AutoComplete
            options={MENU_TARGETS.map((p) => ({ value: p, label: <Space><code>{p}</code><span style={{ color: '#888' }}>{t(`miniApp.screen.${p}`)}</span></Space> }))}
            filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())}
            placeholder="dataManage"
          />
        </ProForm.Item>
        <ProForm.Item name="menuIcon" label={f('menuIcon')} colProps={{ span: 12 }}>
          <IconSelect />
        </ProForm.Item>
        <ProFormText name="menuAlias" label={f('menuAlias')} colProps={{ span: 12 }} rules={[{ max: 64, message: t('miniApp.admin.tooLong', { n: 64 }) }]} />
        <ProFormDigit name="sort" label={f('sort')} colProps={{ span: 12 }} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} rules={[{ required: true, message: t('common.required', { label: f('sort') }) }]} />
      </ModalForm>
    </Card>
  );
}
