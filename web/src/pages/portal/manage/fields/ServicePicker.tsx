// Choosing services for a portal entry: ServiceSelect picks one (a recommendation, a shortcut) by
// name as one types; ServiceIdsField keeps an ordered list (a column's, a package's, a precinct's
// serviceIds, a comma list) chosen in ServicePickerDialog — a searchable table of the tenant's
// services — and put in order with the arrows.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Input, List, Modal, Select, Space, Table, Tag, Typography, message, type TableColumnType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { allOf, categoryApi, csv, nameOf, searchServices, servicesByIds, type Service } from '../api';
import { IconView } from './IconPicker';

const PAGE_SIZE = 10;

/** The tenant's categories by id (names for the tables). */
function useCategories() {
  return useQuery({ queryKey: ['portalManage', 'categories'], queryFn: () => allOf(categoryApi), staleTime: 30_000 });
}

export function ServicePickerDialog({ open, value, onCancel, onConfirm, mode = 'checkbox' }: { open: boolean; value: Service[]; onCancel: () => void; onConfirm: (list: Service[]) => void; mode?: 'checkbox' | 'radio' }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [current, setCurrent] = useState(1);
  const [chosen, setChosen] = useState<Map<string, Service>>(new Map());
  useEffect(() => {
    if (!open) return;
    setChosen(new Map(value.map((s) => [String(s.id), s])));
    setName('');
    setSearch('');
    setCategoryId(undefined);
    setCurrent(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const page = useQuery({
    queryKey: ['portalManage', 'servicePicker', search, categoryId, current],
    queryFn: () => searchServices({ current, size: PAGE_SIZE, name_like: search || undefined, categoryId_equal: categoryId }),
    enabled: open,
  });
  const catName = (id?: string | null) => nameOf((categories.data ?? []).find((c) => String(c.id) === String(id))) || '-';
  const columns: TableColumnType<Service>[] = [
    { title: t('portalManage.service.name'), dataIndex: 'name', render: (_, s) => <Space size={6}><IconView value={s.icon} size={16} />{nameOf(s)}</Space> },
    { title: t('portalManage.service.code'), dataIndex: 'serviceCode', width: 150 },
    { title: t('portalManage.service.category'), dataIndex: 'categoryId', width: 140, render: (_, s) => s.categoryName || catName(s.categoryId) },
    { title: t('portalManage.service.status'), dataIndex: 'status', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>) },
  ];
  const toggle = (s: Service, on: boolean) =>
    setChosen((m) => {
      if (mode === 'radio') return new Map(on ? [[String(s.id), s]] : []);
      const n = new Map(m);
      if (on) n.set(String(s.id), s);
      else n.delete(String(s.id));
      return n;
    });
  return (
    <Modal
      open={open}
      width={860}
      title={t('portalManage.picker.title')}
      onCancel={onCancel}
      destroyOnHidden
      className="pm-service-picker"
      onOk={() => {
        if (!chosen.size) {
          message.warning(t('common.selectAtLeastOne'));
          return;
        }
        onConfirm([...chosen.values()]);
      }}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          className="pm-picker-search"
          placeholder={t('portalManage.picker.searchName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onSearch={(v) => {
            setSearch(v.trim());
            setCurrent(1);
          }}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('portalManage.service.category')}
          value={categoryId}
          onChange={(v) => {
            setCategoryId(v);
            setCurrent(1);
          }}
          options={(categories.data ?? []).map((c) => ({ label: nameOf(c), value: String(c.id) }))}
        />
      </Space>
      {chosen.size > 0 && (
        <div className="pm-picker-chosen">
          {[...chosen.values()].map((s) => (
            <Tag key={s.id} closable onClose={() => toggle(s, false)}>{nameOf(s)}</Tag>
          ))}
        </div>
      )}
      <Table<Service>
        size="small"
        rowKey={(r) => String(r.id)}
        loading={page.isFetching}
        columns={columns}
        dataSource={page.data?.records ?? []}
        onRow={(r) => ({ onClick: (e) => !(e.target as HTMLElement).closest('.ant-table-selection-column') && toggle(r, !chosen.has(String(r.id))) })}
        rowSelection={{
          type: mode,
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (r, on) => toggle(r, on),
          onSelectAll: (on, _s, changed) => changed.forEach((r) => toggle(r, on)),
        }}
        pagination={{ current, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent, showTotal: (n) => t('list.total', { total: n }) }}
      />
    </Modal>
  );
}

/** Several services in their order of display; the value is the comma list of their ids. */
export function ServiceIdsField({ id, value, onChange }: { id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const ids = useMemo(() => csv(value), [value]);
  const [known, setKnown] = useState<Map<string, Service>>(new Map());
  const [picking, setPicking] = useState(false);
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const unknown = ids.filter((x) => !known.has(x) && !asked.current.has(x));
    if (!unknown.length) return;
    unknown.forEach((x) => asked.current.add(x));
    servicesByIds(unknown).then((list) => setKnown((m) => new Map([...m, ...list.map((s) => [String(s.id), s] as const)])), () => undefined);
  }, [ids, known]);
  const set = (next: string[]) => onChange?.(next.join(','));
  const move = (i: number, d: number) => {
    const next = [...ids];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    set(next);
  };
  const chosen = ids.map((x) => known.get(x) ?? ({ id: x, name: x } as Service));
  return (
    <div id={id} className="pm-service-ids">
      <List
        size="small"
        bordered
        dataSource={chosen}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portalManage.picker.none')} /> }}
        renderItem={(s, i) => (
          <List.Item
            actions={[
              <Button key="up" size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('portalManage.sort.up')} />,
              <Button key="down" size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === ids.length - 1} onClick={() => move(i, 1)} aria-label={t('portalManage.sort.down')} />,
              <Button key="rm" size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => set(ids.filter((x) => x !== String(s.id)))} aria-label={t('common.delete')} />,
            ]}
          >
            <Space size={8}>
              <Typography.Text type="secondary">{i + 1}.</Typography.Text>
              <IconView value={s.icon} size={16} />
              <span className="pm-service-ids-name">{nameOf(s)}</span>
              {s.status === 0 && <Tag>{t('common.disabled')}</Tag>}
            </Space>
          </List.Item>
        )}
      />
      <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => setPicking(true)} className="pm-service-ids-add">{t('portalManage.picker.choose')}</Button>
      <ServicePickerDialog
        open={picking}
        value={chosen}
        onCancel={() => setPicking(false)}
        onConfirm={(list) => {
          setPicking(false);
          setKnown((m) => new Map([...m, ...list.map((s) => [String(s.id), s] as const)]));
          // the ones kept stay where they were; the new ones follow
          const picked = new Set(list.map((s) => String(s.id)));
          set([...ids.filter((x) => picked.has(x)), ...list.map((s) => String(s.id)).filter((x) => !ids.includes(x))]);
        }}
      />
    </div>
  );
}

/** One service, searched by name as one types; the value is its id. */
export function ServiceSelect({ id, value, onChange }: { id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const current = value ? String(value) : undefined;
  const found = useQuery({ queryKey: ['portalManage', 'serviceSelect', search], queryFn: () => searchServices({ current: 1, size: 30, name_like: search || undefined }), staleTime: 10_000 });
  const chosen = useQuery({ queryKey: ['portalManage', 'service', current], queryFn: () => servicesByIds([current!]), enabled: !!current, staleTime: 60_000 });
  const options = useMemo(() => {
    const list = [...(chosen.data ?? []), ...(found.data?.records ?? [])];
    const seen = new Set<string>();
    return list.filter((s) => !seen.has(String(s.id)) && seen.add(String(s.id))).map((s) => ({ value: String(s.id), label: nameOf(s) }));
  }, [found.data, chosen.data]);
  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      value={current}
      onSearch={setSearch}
      onChange={(v) => onChange?.(v ?? null)}
      loading={found.isFetching}
      options={options}
      placeholder={t('portalManage.picker.selectOne')}
      notFoundContent={found.isFetching ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
    />
  );
}
