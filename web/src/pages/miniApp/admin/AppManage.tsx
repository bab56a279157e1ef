// 应用管理 (/miniApp/home/admin, /webapp/appManage): the categories on the left (a tree: add, add a
// sub-category, edit, remove), the apps the caller manages on the right (search, paging), created and
// changed in a form with their icon, category and status; 管理 and 设计 open the app's shell in a
// window of its own; 发布 / 下线 switch its status; removing asks first.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ModalForm, ProFormDigit, ProFormRadio, ProFormText, ProFormTextArea, ProFormTreeSelect, ProForm, type ActionType } from '@ant-design/pro-components';
import { Button, Empty, Input, Modal, Space, Spin, Tag, Tooltip, Tree, Upload, message } from 'antd';
import { AppstoreOutlined, DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { appCategoryModel, appInfoModel } from '@campus/schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mLabel, mRequired } from '../shell/modelText';
import { putFile } from '../../../api/system';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { QueryProvider } from '../../../shell/queries';
import { useSession } from '../../../shell/store';
import { appIconUrl, appInfoApi, type AppInfo } from '../api';
import { encodeParams } from '../params';
import { categoryAndBelow, categoryApi, categoryNames, categoryTree, type CategoryNode } from './api';
import '../shell/shell.css';

type Row = Record<string, unknown>;
// the category model's labels (model.appCategory.*) for its form
modelResource(appCategoryModel, categoryApi);
interface TreeItem { key: string; title: ReactNode; children?: TreeItem[] }
interface SelectItem { title: string; value: string; children?: SelectItem[] }

/** The address of an app's shell in a window of its own (child: a shell screen, the welcome page by default). */
export function shellUrl(app: { id: string; appName: string; createUser?: string | null }, child?: string): string {
  const encoded = encodeParams({ appId: String(app.id), appName: app.appName, createUser: app.createUser ? String(app.createUser) : undefined });
  const base = `${window.location.origin}${window.location.pathname}#/miniApp/home`;
  return child ? `${base}/${child}?params=${encoded}` : `${base}/index/${encoded}`;
}
export const openShell = (app: { id: string; appName: string; createUser?: string | null }, child?: string) => {
  window.open(shellUrl(app, child), '_blank');
};

export default function AppManage() {
  // also a back-office screen (/webapp/appManage), whose layout already provides react-query; the shell's too
  return (
    <QueryProvider>
      <AppManageBody />
    </QueryProvider>
  );
}

function AppManageBody() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType>(null);
  // creating apps and changing categories is the administrators' (the server checks it; the others see no such buttons)
  const isAdmin = (useSession((s) => s.userInfo?.role_name) ?? '').split(',').includes('administrator');
  const [category, setCategory] = useState<string | null>(null);
  const [catForm, setCatForm] = useState<{ id?: string; parentId?: string; categoryName?: string; sort?: number; remark?: string | null } | null>(null);
  const [appForm, setAppForm] = useState<Row | null>(null);
  const tree = useQuery({ queryKey: ['miniApp', 'categories'], queryFn: categoryTree });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const names = useMemo(() => categoryNames(nodes), [nodes]);
  const reloadTree = () => void queryClient.invalidateQueries({ queryKey: ['miniApp', 'categories'] });

  const removeCategory = (n: CategoryNode) => {
    Modal.confirm({
      title: t('common.tip'),
      content: t('miniApp.admin.removeCategoryConfirm', { name: n.categoryName }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await categoryApi.remove([String(n.id)]);
        message.success(t('common.success'));
        if (category && categoryAndBelow(nodes, String(n.id)).includes(category)) setCategory(null);
        reloadTree();
      },
    });
  };
  const treeData = (list: CategoryNode[]): TreeItem[] => list.map((n) => ({
    key: String(n.id),
    title: (
      <span className="mini-cat-node">
        <span data-testid={`mini-cat-${n.categoryName}`}>{n.categoryName}</span>
        {isAdmin && <span className="ops" onClick={(e) => e.stopPropagation()}>
          <Tooltip title={t('miniApp.admin.addSubCategory')}><Button type="text" size="small" icon={<FolderAddOutlined />} onClick={() => setCatForm({ parentId: String(n.id), sort: 1 })} /></Tooltip>
          <Tooltip title={t('common.edit')}><Button type="text" size="small" icon={<EditOutlined />} onClick={async () => { const d = await categoryApi.detail(String(n.id)); setCatForm({ ...(d ?? {}), id: String(n.id), parentId: d?.parentId && d.parentId !== '0' ? String(d.parentId) : undefined }); }} /></Tooltip>
          <Tooltip title={t('common.delete')}><Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => removeCategory(n)} /></Tooltip>
        </span>}
      </span>
    ),
    children: n.children?.length ? treeData(n.children) : undefined,
  }));
  const selectOptions = (list: CategoryNode[], skip?: string): SelectItem[] =>
    list.filter((n) => String(n.id) !== skip).map((n) => ({ title: n.categoryName, value: String(n.id), children: n.children?.length ? selectOptions(n.children, skip) : undefined }));

  const setStatus = async (row: Row, appStatus: number) => {
    const d = await appInfoApi.detail(String(row.id));
    if (!d) return;
    await appInfoApi.submit({ ...d, appStatus });
    message.success(t(appStatus === 1 ? 'miniApp.admin.publishedDone' : 'miniApp.admin.offlineDone'));
    actionRef.current?.reload();
  };

  const resource = useMemo(() => modelResource<AppInfo>(appInfoModel, appInfoApi, {
    title: 'miniApp.admin.appsTitle',
    readOnly: true,
    hideView: true,
    editFromRow: false,
    permissions: {},
    selectable: false,
    params: category ? { categoryId_equal: category } : undefined,
    fields: {
      appName: {
        render: (row) => (
          <span className="mini-app-cell">
            <img src={appIconUrl(row.appIcon as string)} alt="" />
            <a onClick={() => openShell(row as unknown as AppInfo)} data-testid="mini-app-name">{String(row.appName)}</a>
          </span>
        ),
      },
      appDesc: { hideInTable: true },
      sort: { hideInTable: true },
      categoryId: { search: undefined, render: (row) => (row.categoryId ? names.get(String(row.categoryId)) ?? '-' : <span style={{ color: '#999' }}>{t('miniApp.admin.noCategory')}</span>) },
    },
    append: [{ title: 'miniApp.admin.createTime', dataIndex: 'createTime' as keyof AppInfo & string, width: 170 }],
    extraActions: [
      ...(isAdmin ? [{ key: 'add', label: 'common.add', placement: 'toolbar' as const, icon: <PlusOutlined />, onClick: () => setAppForm({ appStatus: 0, sort: 1, categoryId: category ?? undefined }) }] : []),
      { key: 'manage', label: 'miniApp.admin.manage', placement: 'row', onClick: ({ row }) => openShell(row as unknown as AppInfo) },
      { key: 'design', label: 'miniApp.admin.design', placement: 'row', onClick: ({ row }) => openShell(row as unknown as AppInfo, 'appConfigManage') },
      { key: 'edit', label: 'common.edit', placement: 'row', onClick: async ({ row }) => { const d = await appInfoApi.detail(String(row!.id)); if (d) setAppForm({ ...d }); } },
      { key: 'publish', label: 'miniApp.admin.publish', placement: 'row', visible: (row) => Number(row.appStatus) !== 1, confirm: 'miniApp.admin.publishConfirm', onClick: ({ row }) => setStatus(row!, 1) },
      { key: 'offline', label: 'miniApp.admin.offline', placement: 'row', visible: (row) => Number(row.appStatus) === 1, confirm: 'miniApp.admin.offlineConfirm', onClick: ({ row }) => setStatus(row!, 0) },
      {
        key: 'remove', label: 'common.delete', placement: 'row', danger: true, confirm: 'miniApp.admin.removeConfirm',
        onClick: async ({ row, reload }) => { await appInfoApi.remove([String(row!.id)]); message.success(t('common.success')); reload(); },
      },
    ],
  }), [category, names, t, isAdmin]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="mini-manage" data-testid="mini-app-manage">
      <div className="mini-manage-side">
        <div className="head">
          <span><AppstoreOutlined /> {t('miniApp.admin.categories')}</span>
          {isAdmin && <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setCatForm({ sort: 1 })} data-testid="mini-cat-add">{t('miniApp.admin.addCategory')}</Button>}
        </div>
        <Spin spinning={tree.isLoading}>
          <div className={`mini-cat-all${category ? '' : ' active'}`}>
            <Button type={category ? 'text' : 'link'} size="small" onClick={() => setCategory(null)}>{t('miniApp.admin.allCategories')}</Button>
          </div>
          {nodes.length ? (
            <Tree
              blockNode
              defaultExpandAll
              selectedKeys={category ? [category] : []}
              treeData={treeData(nodes)}
              onSelect={(keys) => setCategory(keys.length ? String(keys[0]) : null)}
            />
          ) : !tree.isLoading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('miniApp.admin.noCategories')} />}
        </Spin>
      </div>
      <div className="mini-manage-main">
        <ResourceList resource={resource} actionRef={actionRef} />
      </div>

      <ModalForm
        key={catForm?.id ?? `new-${catForm?.parentId ?? ''}`}
        title={t(catForm?.id ? 'miniApp.admin.editCategory' : 'miniApp.admin.addCategory')}
        open={!!catForm}
        width={520}
        layout="vertical"
        initialValues={catForm ?? undefined}
        modalProps={{ destroyOnHidden: true, onCancel: () => setCatForm(null), maskClosable: false }}
        onOpenChange={(o) => { if (!o) setCatForm(null); }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        onFinish={async (v: Row) => {
          await categoryApi.submit({ ...v, id: catForm?.id, parentId: (v.parentId as string) || '0' } as never);
          message.success(t('common.success'));
          setCatForm(null);
          reloadTree();
          return true;
        }}
      >
        <ProFormText name="categoryName" label={mLabel(appCategoryModel, 'categoryName')} rules={[{ required: true, message: mRequired(appCategoryModel, 'categoryName') }, { max: 64 }]} />
        <ProFormTreeSelect name="parentId" label={mLabel(appCategoryModel, 'parentId')} fieldProps={{ treeData: selectOptions(nodes, catForm?.id), allowClear: true, treeDefaultExpandAll: true, placeholder: t('miniApp.admin.topCategory') }} />
        <ProFormDigit name="sort" label={mLabel(appCategoryModel, 'sort')} min={0} max={99999} rules={[{ required: true, message: t('common.required', { label: mLabel(appCategoryModel, 'sort') }) }]} fieldProps={{ precision: 0, style: { width: '100%' } }} />
        <ProFormTextArea name="remark" label={mLabel(appCategoryModel, 'remark')} fieldProps={{ rows: 2, maxLength: 500 }} />
      </ModalForm>

      <AppForm
        value={appForm}
        categories={selectOptions(nodes)}
        onClose={() => setAppForm(null)}
        onSaved={() => { setAppForm(null); actionRef.current?.reload(); }}
      />
    </div>
  );
}

function AppForm({ value, categories, onClose, onSaved }: { value: Row | null; categories: { title: string; value: string }[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const f = (name: string) => t(`model.appInfo.fields.${name}`);
  return (
    <ModalForm<Row>
      key={value?.id ? String(value.id) : 'new'}
      title={t(value?.id ? 'miniApp.admin.editApp' : 'miniApp.admin.addApp')}
      open={!!value}
      width={640}
      layout="vertical"
      grid
      rowProps={{ gutter: 16 }}
      initialValues={value ? { ...value, categoryId: value.categoryId ? String(value.categoryId) : undefined, appStatus: Number(value.appStatus ?? 0) } : undefined}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, maskClosable: false }}
      onOpenChange={(o) => { if (!o) onClose(); }}
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      onFinish={async (v) => {
        await appInfoApi.submit({ ...(value ?? {}), ...v, id: value?.id as string | undefined, categoryId: (v.categoryId as string) || null } as never);
        message.success(t('common.success'));
        onSaved();
        return true;
      }}
    >
      <ProFormText name="appName" label={f('appName')} colProps={{ span: 12 }} rules={[{ required: true, message: mRequired(appInfoModel, 'appName') }, { max: 64, message: t('miniApp.admin.tooLong', { n: 64 }) }]} />
      <ProFormTreeSelect name="categoryId" label={f('categoryId')} colProps={{ span: 12 }} fieldProps={{ treeData: categories, allowClear: true, treeDefaultExpandAll: true, placeholder: t('miniApp.admin.noCategory') }} />
      <ProForm.Item name="appIcon" label={f('appIcon')} colProps={{ span: 24 }} rules={[{ max: 1000, message: t('miniApp.admin.tooLong', { n: 1000 }) }]}>
        <IconField uploading={uploading} setUploading={setUploading} />
      </ProForm.Item>
      <ProFormTextArea name="appDesc" label={f('appDesc')} colProps={{ span: 24 }} fieldProps={{ rows: 2, maxLength: 500, showCount: true }} />
      <ProFormRadio.Group
        name="appStatus"
        label={f('appStatus')}
        colProps={{ span: 12 }}
        radioType="button"
        options={[{ label: t('miniApp.admin.draft'), value: 0 }, { label: t('miniApp.admin.published'), value: 1 }]}
      />
      <ProFormDigit name="sort" label={f('sort')} colProps={{ span: 12 }} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} rules={[{ required: true, message: t('common.required', { label: f('sort') }) }]} />
    </ModalForm>
  );
}

const ICON_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'image/webp'];

/** The icon: uploaded to object storage (put-file) or an address typed in; shown as the app will show it. */
function IconField({ value, onChange, uploading, setUploading }: { value?: string; onChange?: (v: string) => void; uploading: boolean; setUploading: (b: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Space align="start" style={{ width: '100%' }}>
      <img src={appIconUrl(value)} alt="" style={{ width: 56, height: 56, borderRadius: 12, objectFit: 'cover', background: '#f5f5f5' }} />
      <Space direction="vertical" style={{ flex: 1 }}>
        <Upload
          accept={ICON_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!ICON_TYPES.includes(file.type)) {
              message.error(t('miniApp.admin.iconType'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > 2 * 1024 * 1024) {
              message.error(t('miniApp.admin.iconSize'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading(true);
            try {
              const up = await putFile(file as File);
              onChange?.(up.link);
              onSuccess?.(up);
            } catch (e) {
              onError?.(e as Error);
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>{t('miniApp.admin.uploadIcon')}</Button>
        </Upload>
        <Input
          style={{ width: 360, maxWidth: '100%' }}
          allowClear
          placeholder={t('miniApp.admin.iconUrl')}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
        />
        {value && <Tag closable onClose={() => onChange?.('')}>{t('miniApp.admin.iconSet')}</Tag>}
      </Space>
    </Space>
  );
}
