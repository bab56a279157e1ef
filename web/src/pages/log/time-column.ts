// The log screens' time column. create_time is an audit column of the logs (audit: 'createTime'), not
// a model field, so a screen adds it: after the last column its table shows, before the detail-only
// ones, searched by a date range and sortable.
import type { ResourceDescription } from '../../components/ResourceList';

export function withCreateTime<T>(resource: ResourceDescription<T>, title = 'log.createTime', width = 170): ResourceDescription<T> {
  const columns = [...resource.columns];
  let at = columns.length;
  while (at > 0 && columns[at - 1].hideInTable) at--;
  columns.splice(at, 0, { title, dataIndex: 'createTime' as keyof T & string, search: 'daterange', sortable: true, width });
  return { ...resource, columns };
}
