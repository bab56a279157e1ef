// 自定义按钮 of an app (001 §3.2 perDiyOperate: btnName, btnUrl, btnIcon): the buttons its sidebar
// offers, each opening its address in the shell's frame page (urlPath). An address is an http(s)
// one or a path of this site (the server refuses anything else, javascript: and data: above all).
import { useMemo, useRef, useState } from 'react';
import { ModalForm, ProForm, ProFormDigit, ProFormText, type ActionType } from '@ant-design/pro-components';
import { message } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { appDiyOperateModel } from '@campus/schema';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { mRequired, mInvalid } from '../shell/modelText';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { menuIcon } from '../../../shell/icons';
import type { DiyOperate } from '../api';
import { useMiniApp } from '../context';
import { diyOperateApi } from '../auth/api';
import { IconSelect } from '../shell/IconSelect';
import { buttonHref, safeFrameSrc } from '../shell/nav';

type Row = Record<string, unknown>;

export default function DiyOperationManage() {
  const { t } = useTranslation();
  const app = useMiniApp();
  const navigate = useNavigate();
  const appId = app.params.appId;
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  const resource = useMemo(() => modelResource<DiyOperate & { appId: string; sort: number }>(appDiyOperateModel, diyOperateApi, {
    title: 'miniApp.screen.diyOperationManage',
    readOnly: true,
    hideView: true,
    permissions: {},
    params: { appId },
    fields: { appId: { search: undefined }, btnIcon: { render: (row) => (row.btnIcon ? <span>{menuIcon(String(row.btnIcon))} {String(row.btnIcon)}</span> : '-') } },
    extraActions: [
      { key: 'add', label: 'common.add', placement: 'toolbar', icon: <PlusOutlined />, onClick: () => setEditing({ sort: 1 }) },
      { key: 'open', label: 'miniApp.diy.open', placement: 'row', onClick: ({ row }) => navigate(buttonHref(String(row!.btnName), String(row!.btnUrl), app.encoded)) },
      { key: 'edit', label: 'common.edit', placement: 'row', onClick: async ({ row }) => { const d = await diyOperateApi.detail(String(row!.id)); if (d) setEditing({ ...d }); } },
      {
        key: 'remove', label: 'common.delete', placement: 'row', danger: true, confirm: 'miniApp.diy.removeConfirm',
        onClick: async ({ row, reload }) => { await diyOperateApi.remove([String(row!.id)]); message.success(t('common.success')); reload(); app.refresh(); },
      },
    ],
  }), [appId, app.encoded, t]); // eslint-disable-line react-hooks/exhaustive-deps
  const f = (n: string) => t(`model.appDiyOperate.fields.${n}`);
  return (
    <>
      <ResourceList resource={resource} actionRef={actionRef} />
      <ModalForm<Row>
        key={editing?.id ? String(editing.id) : 'new'}
        title={t(editing?.id ? 'miniApp.diy.edit' : 'miniApp.diy.add')}
        open={!!editing}
        width={600}
        layout="vertical"
        initialValues={editing ?? undefined}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null), maskClosable: false }}
        onOpenChange={(o) => { if (!o) setEditing(null); }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        onFinish={async (v) => {
          await diyOperateApi.submit({ ...v, id: editing?.id as string | undefined, appId } as never);
          message.success(t('common.success'));
          setEditing(null);
          actionRef.current?.reload();
          app.refresh();
          return true;
        }}
      >
        <ProFormText name="btnName" label={f('btnName')} rules={[{ required: true, message: mRequired(appDiyOperateModel, 'btnName') }, { max: 64, message: t('miniApp.admin.tooLong', { n: 64 }) }]} />
        <ProFormText
          name="btnUrl" label={f('btnUrl')} placeholder="https://… / /path"
          extra={t('miniApp.diy.urlHelp')}
          rules={[
            { required: true, message: mRequired(appDiyOperateModel, 'btnUrl') },
            { max: 1000, message: t('miniApp.admin.tooLong', { n: 1000 }) },
            { validator: async (_, v: string) => { if (v && !safeFrameSrc(v)) throw new Error(mInvalid(appDiyOperateModel, 'btnUrl')); } },
          ]}
        />
        <ProForm.Item name="btnIcon" label={f('btnIcon')}>
          <IconSelect />
        </ProForm.Item>
        <ProFormDigit name="sort" label={f('sort')} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} rules={[{ required: true, message: t('common.required', { label: f('sort') }) }]} />
      </ModalForm>
    </>
  );
}
