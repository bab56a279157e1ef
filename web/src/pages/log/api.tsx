import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiLogModel } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { apiLogApi, type ApiLog } from '../../api/admin';
import { withCreateTime } from './time-column';

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === undefined || v === null || v === '' ? '' : String(v));

/**
 * 接口日志: the calls that changed something (the server logs writes and the GETs a route marks),
 * each with its short title in the reader's language (the server stores both: title zh, titleEn en).
 * The table shows and searches the reader's title (title_like in Chinese, titleEn_like in English);
 * the detail also shows the other one (the model labels each as its reader sees it). Hand-written
 * here: that choice, the title's fallback to the other language, and the method and status colours.
 */
function describe(lang: string): ResourceDescription<ApiLog> {
  const en = lang.startsWith('en');
  const [main, other] = en ? ['titleEn', 'title'] : ['title', 'titleEn'];
  const titleOf = (r: Row) => text(en ? r.titleEn || r.title : r.title || r.titleEn) || text(r.methodClass);
  const resource = modelResource(apiLogModel, apiLogApi, {
    readOnly: true,
    sort: { descs: 'create_time' },
    fields: {
      [main]: { hideInTable: false, search: 'like', render: (r) => <Typography.Text strong>{titleOf(r)}</Typography.Text> },
      [other]: { hideInTable: true, search: undefined },
      method: { render: (r) => <Tag color={r.method === 'GET' ? 'default' : 'blue'}>{text(r.method)}</Tag> },
      statusCode: { render: (r) => <Tag color={Number(r.statusCode) < 400 ? 'green' : 'red'}>{text(r.statusCode) || '-'}</Tag> },
      params: { valueType: 'code' },
    },
  });
  // the reader's title leads the table; the other takes its place among the details
  const columns = [...resource.columns];
  const [a, b] = [columns.findIndex((c) => c.dataIndex === main), columns.findIndex((c) => c.dataIndex === other)];
  if (a > b) [columns[a], columns[b]] = [columns[b], columns[a]];
  return withCreateTime({ ...resource, columns }, 'log.createTime', 160);
}

export default function ApiLogPage() {
  const { i18n } = useTranslation();
  const resource = useMemo(() => describe(i18n.language), [i18n.language]);
  return <ResourceList key={i18n.language} resource={resource} />;
}
