// 数据采集日志 of an app (001 §2.7, §3.4, /api/blade-changeRecord/change_record): each record and child
// row the app, a report or a process wrote, with its source, method, type and result; read-only, a
// view button only, showing the old and new data side by side.
import { useMemo, useState } from 'react';
import { Descriptions, Drawer, Tag } from 'antd';
import { appCollectLogModel } from '@campus/schema';
import { useTranslation } from 'react-i18next';
import { mLabel } from '../shell/modelText';
import { crud } from '../../../api/crud';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { useMiniApp } from '../context';
import { JsonPair } from './JsonPair';

interface CollectRow { id: string; bizCode?: string; bizName?: string; tableName?: string; source?: string; method?: string; type?: string; collectStatus?: number; oldData?: string; newData?: string; collectInfo?: string; createTime?: string }
const collectApi = crud<CollectRow>(appCollectLogModel.api);

export default function OperateRecordQuery() {
  const { t } = useTranslation();
  const app = useMiniApp();
  const appId = app.params.appId;
  const [viewing, setViewing] = useState<CollectRow | null>(null);
  const resource = useMemo(() => modelResource<CollectRow>(appCollectLogModel, collectApi, {
    title: 'miniApp.screen.operateRecordQuery',
    readOnly: true,
    hideView: true,
    permissions: {},
    params: { appId },
    fields: { appId: { search: undefined }, bizName: { search: undefined } },
    append: [{ title: 'miniApp.logs.time', dataIndex: 'createTime', search: 'daterange', width: 170 }],
    extraActions: [{ key: 'detail', label: 'common.view', placement: 'row', onClick: async ({ row }) => setViewing((await collectApi.detail(String(row!.id))) ?? (row as unknown as CollectRow)) }],
  }), [appId]);
  const opt = (field: 'source' | 'method' | 'type' | 'collectStatus', v?: string | number) =>
    v === undefined || v === null ? '-' : t(`model.appCollectLog.options.${field}.${v}`, { defaultValue: String(v) });
  return (
    <>
      <ResourceList resource={resource} />
      <Drawer title={t('miniApp.logs.collectDetail')} open={!!viewing} onClose={() => setViewing(null)} width={Math.min(1000, window.innerWidth)} destroyOnHidden>
        {viewing && (
          <>
            <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={mLabel(appCollectLogModel, 'bizName')}>{viewing.bizName || '-'}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appCollectLogModel, 'bizCode')}>{viewing.bizCode || '-'}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appCollectLogModel, 'tableName')}>{viewing.tableName || '-'}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appCollectLogModel, 'source')}>{opt('source', viewing.source)}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appCollectLogModel, 'method')}>{opt('method', viewing.method)}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appCollectLogModel, 'type')}>{opt('type', viewing.type)}</Descriptions.Item>
              <Descriptions.Item label={mLabel(appCollectLogModel, 'collectStatus')}>
                <Tag color={viewing.collectStatus === 1 ? 'green' : 'red'}>{opt('collectStatus', viewing.collectStatus)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('miniApp.logs.time')}>{viewing.createTime || '-'}</Descriptions.Item>
              {viewing.collectInfo && <Descriptions.Item label={mLabel(appCollectLogModel, 'collectInfo')} span={2}>{viewing.collectInfo}</Descriptions.Item>}
            </Descriptions>
            <JsonPair left={viewing.oldData} right={viewing.newData} leftTitle={mLabel(appCollectLogModel, 'oldData')} rightTitle={mLabel(appCollectLogModel, 'newData')} />
          </>
        )}
      </Drawer>
    </>
  );
}
