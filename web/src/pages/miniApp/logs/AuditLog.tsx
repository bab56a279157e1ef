// 审计日志 of an app (001 §3.6, /api/appAuditLog/appAuditLog/page): every change of its design, its
// permissions and its records, newest first, filtered by module, operation, account and date; an
// entry's detail shows what it was before and after side by side.
import { useMemo, useState } from 'react';
import { Descriptions, Drawer, Tag } from 'antd';
import { appAuditLogModel } from '@campus/schema';
import { useTranslation } from 'react-i18next';
import { mLabel } from '../shell/modelText';
import { crud } from '../../../api/crud';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { useMiniApp } from '../context';
import { JsonPair } from './JsonPair';

interface AuditRow { id: string; appId?: string; module: string; bizId?: string; account?: string; operate: string; operateBefore?: string; operateAfter?: string; ipAddress?: string; errorInfo?: string; createTime?: string }
const auditApi = crud<AuditRow>(appAuditLogModel.api, { listPath: 'page' });

export default function AuditLog() {
  const { t } = useTranslation();
  const app = useMiniApp();
  const appId = app.params.appId;
  const [viewing, setViewing] = useState<AuditRow | null>(null);
  const resource = useMemo(() => modelResource<AuditRow>(appAuditLogModel, auditApi, {
    title: 'miniApp.screen.auditLog',
    readOnly: true,
    hideView: true,
    permissions: {},
    params: { appId },
    fields: { appId: { hideInTable: true, search: undefined }, bizId: { search: undefined }, errorInfo: { hideInTable: false, width: 200, ellipsis: true } },
    append: [{ title: 'miniApp.logs.time', dataIndex: 'createTime', search: 'daterange', width: 170 }],
    extraActions: [{ key: 'detail', label: 'common.view', placement: 'row', onClick: async ({ row }) => setViewing((await auditApi.detail(String(row!.id))) ?? (row as unknown as AuditRow)) }],
  }), [appId]);
  const opt = (field: 'module' | 'operate', v?: string) => (v ? t(`model.appAuditLog.options.${field}.${v}`, { defaultValue: v }) : '-');
  return (
    <>
      <ResourceList resource={resource} />
      <Drawer title={t('miniApp.logs.auditDetail')} open={!!viewing} onClose={() => setViewing(null)} width={Math.min(1000, window.innerWidth)} destroyOnHidden>
        {viewing && (
          <>
            <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={mLabel(appAuditLogModel, 'module')}>{opt('module', viewing.module)}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appAuditLogModel, 'operate')}><Tag>{opt('operate', viewing.operate)}</Tag></Descriptions.Item>
              <Descriptions.Item label={mLabel(appAuditLogModel, 'account')}>{viewing.account || '-'}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appAuditLogModel, 'ipAddress')}>{viewing.ipAddress || '-'}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appAuditLogModel, 'bizId')}>{viewing.bizId || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('miniApp.logs.time')}>{viewing.createTime || '-'}</Descriptions.Item>
              {viewing.errorInfo && <Descriptions.Item label={mLabel(appAuditLogModel, 'errorInfo')} span={2}>{viewing.errorInfo}</Descriptions.Item>}
            </Descriptions>
            <JsonPair left={viewing.operateBefore} right={viewing.operateAfter} leftTitle={mLabel(appAuditLogModel, 'operateBefore')} rightTitle={mLabel(appAuditLogModel, 'operateAfter')} />
          </>
        )}
      </Drawer>
    </>
  );
}
