// 服务管理 (/portal/serviceManage, menu portalService) and the services of one special service
// (/portal/serviceManage/{spId}, from 特色服务's list): the service list with search by name, code,
// category, department, 办理方式 and status, paging, delete, an enable switch, and add / edit on the
// edit page (/portal/serviceManagerEdit/{id}). Buttons follow portal_service_add / _edit / _delete.
import { useMemo } from 'react';
import { Button, Space, Switch, Tag, Tooltip, Typography, message } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { serviceManageModel } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { Permitted, usePermission } from '../../../components/Permitted';
import { deptTree } from '../../../api/message';
import type { TreeNode } from '../../../api/crud';
import { allOf, categoryApi, dataOptions, deployedProcesses, nameOf, serviceApi, serviceBody, specialApi, updateService, type Service } from './api';
import { IconView } from './fields/IconPicker';
import './manage.css';
import { serviceText } from './modelText';

type Row = Record<string, unknown>;
const flatten = (nodes: TreeNode[] = []): { id: string; name: string }[] => nodes.flatMap((n) => [{ id: String(n.id), name: String(n.title) }, ...flatten(n.children)]);

/** The special service of /portal/serviceManage/{spId}, if the address names one. */
export const spIdOf = (pathname: string): string | undefined => /^\/portal\/serviceManage\/([^/]+)$/.exec(pathname)?.[1];

function ServiceStatus({ row, reload }: { row: Row; reload: () => void }) {
  const { t } = useTranslation();
  const may = usePermission('portal_service_edit');
  const on = Number(row.status) === 1;
  if (!may) return on ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>;
  return (
    <Switch
      size="small"
      checked={on}
      className="pm-status-switch"
      // the words as a tooltip: the column stays narrow in both languages
      title={t(on ? 'common.enabled' : 'common.disabled')}
      aria-label={t(on ? 'common.enabled' : 'common.disabled')}
      onChange={async (v) => {
        // the whole service goes back with the new status (update checks every field)
        const detail = (await serviceApi.detail(String(row.id))) ?? (row as Service);
        await updateService({ ...serviceBody(detail as Row), id: String(row.id), status: v ? 1 : 0 });
        message.success(t(v ? 'portalManage.status.on' : 'portalManage.status.off'));
        reload();
      }}
    />
  );
}

export default function ServiceManage() {
  const { t, i18n } = useTranslation();
  const nav = useNavigate();
  const location = useLocation();
  const spId = spIdOf(location.pathname);
  const categories = useQuery({ queryKey: ['portalManage', 'categories'], queryFn: () => allOf(categoryApi), staleTime: 30_000 });
  const depts = useQuery({ queryKey: ['portalManage', 'depts'], queryFn: () => deptTree().then(flatten), staleTime: 60_000 });
  const processes = useQuery({ queryKey: ['portalManage', 'processes'], queryFn: deployedProcesses, staleTime: 60_000 });
  const special = useQuery({ queryKey: ['portalManage', 'special', spId], queryFn: () => specialApi.detail(spId!), enabled: !!spId });

  const ready = categories.isFetched && depts.isFetched;
  const resource = useMemo(() => {
    const catOptions = dataOptions('category', categories.data ?? []);
    const deptOptions = dataOptions('dept', depts.data ?? []);
    const processName = (key: string) => {
      const p = (processes.data ?? []).find((x) => x.processDefKey === key || x.key === key);
      return p ? p.processDefinitionName || p.name || key : key;
    };
    return modelResource<Service>(serviceManageModel, serviceApi, {
      title: spId ? 'portalManage.service.ofSpecial' : undefined,
      subtitle: spId ? nameOf(special.data) || undefined : undefined,
      // add and edit are the edit page, not a dialog
      permissions: { view: 'portal_service_view', delete: 'portal_service_delete' },
      params: spId ? { specialServiceId_equal: spId } : undefined,
      sort: { ascs: 'sort' },
      fields: {
        serviceCode: { width: 140 },
        name: { width: 200, render: (r) => <Space size={8}><IconView value={r.icon as string} size={18} /><span className="pm-service-name">{nameOf(r)}</span></Space> },
        categoryId: { width: 110, options: catOptions, render: (r) => (catOptions.some((o) => o.value === String(r.categoryId)) ? t(`portalManage.data.category.${r.categoryId}`) : nameOf({ name: r.categoryName as string, nameEn: r.categoryNameEn as string }) || '-') },
        deptId: { hideInTable: true, options: deptOptions, render: (r) => (r.deptName as string) || (r.deptId && deptOptions.some((o) => o.value === String(r.deptId)) ? t(`portalManage.data.dept.${r.deptId}`) : '-') },
        specialServiceId: { search: undefined },
        icon: { hideInTable: true },
        itemHandle: {
          search: undefined,
          width: 150,
          ellipsis: true,
          title: 'portalManage.service.target',
          render: (r) =>
            Number(r.itemWay) === 2 ? (
              <Typography.Text ellipsis style={{ maxWidth: 150 }} type="secondary">{String(r.itemUrl ?? '-')}</Typography.Text>
            ) : r.itemHandle ? (
              <Tooltip title={String(r.itemHandle)}>
                <span className="pm-process-name">{processName(String(r.itemHandle))}</span>
              </Tooltip>
            ) : '-',
        },
        itemUrl: { hideInTable: true, inDetail: true },
        // the list keeps to what tells services apart; the rest is in 查看 and the edit page
        openWay: { search: undefined, hideInTable: true },
        handleType: { hideInTable: true },
        isHot: { hideInTable: true },
        sort: { hideInTable: true },
        validityMode: { width: 130, render: (r) => <ValidityText row={r} /> },
        status: { render: (r, h) => <ServiceStatus row={r} reload={h.reload} /> },
      },
      extraActions: [
        { key: 'edit', label: 'common.edit', placement: 'row', permission: 'portal_service_edit', icon: <EditOutlined />, onClick: ({ row }) => nav(`/portal/serviceManagerEdit/${String(row!.id)}${spId ? `?specialServiceId=${spId}` : ''}`) },
      ],
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [categories.data, depts.data, processes.data, special.data, spId, i18n.language]);

  if (!ready) return null;
  return (
    <div className="pm-page pm-service-list" data-testid="pm-service-list">
      <ResourceList
        resource={resource}
        toolbarExtra={
          <Permitted code="portal_service_add">
            <Button type="primary" icon={<PlusOutlined />} className="pm-service-add" onClick={() => nav(`/portal/serviceManagerEdit/0${spId ? `?specialServiceId=${spId}` : ''}`)}>
              {t('common.add')}
            </Button>
          </Permitted>
        }
      />
    </div>
  );
}

/** A service's validity in words: 长期有效, 每日 08:00-17:30, 每月 1-10 日 … */
export function ValidityText({ row }: { row: Row }) {
  const { t } = useTranslation();
  const mode = Number(row.validityMode ?? 1) || 1;
  // (dates of the year hold hyphens themselves: their range reads better with a tilde)
  const range = mode === 6 ? String(row.validityDates ?? '').split(',').filter(Boolean).join(', ') : `${row.validityStart ?? ''}${mode === 5 ? ' ~ ' : '-'}${row.validityEnd ?? ''}`;
  if (mode === 1) return <span>{serviceText('options.validityMode.1')}</span>;
  return (
    <Tag color="blue" className="pm-validity-tag">
      {t(`portalManage.validity.short${mode}`, { range })}
    </Tag>
  );
}
