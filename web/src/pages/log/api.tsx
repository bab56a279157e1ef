import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { apiLogApi, type ApiLog } from '../../api/admin';

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === undefined || v === null || v === '' ? '' : String(v));

/**
 * 接口日志: the calls that changed something (the server logs writes and the GETs a route marks),
 * each with its short title in the reader's language (the server stores both: title zh, titleEn en).
 */
function describe(lang: string): ResourceDescription<ApiLog> {
  const en = lang.startsWith('en');
  const titleOf = (r: Row) => text(en ? r.titleEn || r.title : r.title || r.titleEn) || text(r.methodClass);
  return {
    title: 'apiLog.title',
    api: apiLogApi,
    readOnly: true,
    sort: { descs: 'create_time' },
    permissions: { view: 'apiLog_view' },
    columns: [
      // searched in the reader's language: titleEn_like in English, title_like in Chinese
      { title: 'apiLog.apiTitle', dataIndex: en ? 'titleEn' : 'title', search: 'like', width: 130, ellipsis: true, render: (r) => <Typography.Text strong>{titleOf(r)}</Typography.Text> },
      { title: 'log.method', dataIndex: 'method', search: 'equal', width: 76, render: (r) => <Tag color={r.method === 'GET' ? 'default' : 'blue'}>{text(r.method)}</Tag> },
      { title: 'log.requestUri', dataIndex: 'requestUri', search: 'like', ellipsis: true, width: 170 },
      {
        title: 'apiLog.type',
        dataIndex: 'type',
        search: 'equal',
        hideInTable: true,
        options: [
          { label: 'apiLog.type1', value: '1', color: 'green' },
          { label: 'apiLog.type2', value: '2', color: 'red' },
        ],
      },
      { title: 'apiLog.statusCode', dataIndex: 'statusCode', width: 76, render: (r) => <Tag color={Number(r.statusCode) < 400 ? 'green' : 'red'}>{text(r.statusCode) || '-'}</Tag> },
      { title: 'apiLog.time', dataIndex: 'time', width: 110 },
      { title: 'log.createBy', dataIndex: 'createBy', search: 'like', ellipsis: true, width: 90 },
      { title: 'log.remoteIp', dataIndex: 'remoteIp', ellipsis: true, width: 110 },
      { title: 'log.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 160 },
      // the detail also shows the title in the other language
      en ? { title: 'apiLog.titleZh', dataIndex: 'title', hideInTable: true } : { title: 'apiLog.titleEn', dataIndex: 'titleEn', hideInTable: true },
      { title: 'apiLog.methodClass', dataIndex: 'methodClass', hideInTable: true },
      { title: 'log.params', dataIndex: 'params', hideInTable: true, valueType: 'code' },
      { title: 'log.serverHost', dataIndex: 'serverHost', hideInTable: true },
      { title: 'log.userAgent', dataIndex: 'userAgent', hideInTable: true },
    ],
  };
}

export default function ApiLogPage() {
  const { i18n } = useTranslation();
  const resource = useMemo(() => describe(i18n.language), [i18n.language]);
  return <ResourceList key={i18n.language} resource={resource} />;
}
