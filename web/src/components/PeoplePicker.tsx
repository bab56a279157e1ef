// People-selection dialog (spec 000 §2.7 人员选择): avatar, 学工号, 姓名, 部门, 职位, a search per
// column, page size 10, radio or checkbox mode; confirming with none selected warns
// 请选择至少一条数据. Selections are kept across pages and searches.
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Input, Modal, Space, Table, Tag, TreeSelect, Typography, message, type TableColumnType } from 'antd';
import { SearchOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deptTree, searchUsers, treeOptions, type Person } from '../api/message';
import type { TreeNode } from '../api/crud';

export interface PeoplePickerProps {
  open: boolean;
  /** checkbox: several people; radio: one */
  mode?: 'checkbox' | 'radio';
  /** the people already chosen */
  value?: Person[];
  title?: string;
  onCancel: () => void;
  onConfirm: (people: Person[]) => void;
}

type Filters = { account?: string; realName?: string; deptId?: string; postName?: string };

const PAGE_SIZE = 10;

export function PeoplePicker({ open, mode = 'checkbox', value, title, onCancel, onConfirm }: PeoplePickerProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [current, setCurrent] = useState(1);
  const [rows, setRows] = useState<Person[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Map<string, Person>>(new Map());
  const [depts, setDepts] = useState<TreeNode[]>([]);

  useEffect(() => {
    if (!open) return;
    setChosen(new Map((value ?? []).map((p) => [String(p.id), p])));
    setFilters({});
    setCurrent(1);
    deptTree().then(setDepts, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    searchUsers({ current, size: PAGE_SIZE, account_like: filters.account, realName_like: filters.realName, deptId: filters.deptId, postName_like: filters.postName })
      .then((page) => {
        if (!live) return;
        setRows(page.records ?? []);
        setTotal(page.total ?? 0);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, current, filters]);

  const applyFilter = (key: keyof Filters, v?: string) => {
    setCurrent(1);
    setFilters((f) => ({ ...f, [key]: v || undefined }));
  };

  /** A text search in the column header. */
  const textSearch = (key: 'account' | 'realName' | 'postName', label: string): Partial<TableColumnType<Person>> => ({
    filteredValue: filters[key] ? [filters[key] as string] : null,
    filterIcon: (on: boolean) => <SearchOutlined style={{ color: on ? 'var(--primary, #1677ff)' : undefined }} />,
    filterDropdown: ({ selectedKeys, setSelectedKeys, confirm, clearFilters }) => (
      <div className="people-filter" style={{ padding: 8, width: 220 }} onKeyDown={(e) => e.stopPropagation()}>
        <Input
          autoFocus
          placeholder={t('people.searchBy', { label })}
          value={selectedKeys[0] as string}
          onChange={(e) => setSelectedKeys(e.target.value ? [e.target.value] : [])}
          onPressEnter={() => {
            applyFilter(key, selectedKeys[0] as string);
            confirm();
          }}
          style={{ marginBottom: 8 }}
        />
        <Space>
          <Button
            type="primary"
            size="small"
            icon={<SearchOutlined />}
            className="people-filter-search"
            onClick={() => {
              applyFilter(key, selectedKeys[0] as string);
              confirm();
            }}
          >
            {t('people.search')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              clearFilters?.();
              applyFilter(key, undefined);
              confirm();
            }}
          >
            {t('people.reset')}
          </Button>
        </Space>
      </div>
    ),
  });

  const columns: TableColumnType<Person>[] = useMemo(
    () => [
      { title: t('people.avatar'), dataIndex: 'avatar', width: 70, render: (v: string) => <Avatar size={28} src={v || undefined} icon={<UserOutlined />} /> },
      { title: t('people.account'), dataIndex: 'account', width: 150, ...textSearch('account', t('people.account')) },
      { title: t('people.realName'), dataIndex: 'realName', width: 140, render: (v: string, r) => v || r.name || '-', ...textSearch('realName', t('people.realName')) },
      {
        title: t('people.dept'),
        dataIndex: 'deptName',
        ellipsis: true,
        render: (v: string) => v || '-',
        filteredValue: filters.deptId ? [filters.deptId] : null,
        filterIcon: (on: boolean) => <SearchOutlined style={{ color: on ? 'var(--primary, #1677ff)' : undefined }} />,
        filterDropdown: ({ confirm }) => (
          <div className="people-filter" style={{ padding: 8, width: 260 }} onKeyDown={(e) => e.stopPropagation()}>
            <TreeSelect
              style={{ width: '100%' }}
              treeData={treeOptions(depts)}
              treeDefaultExpandAll
              allowClear
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('people.searchBy', { label: t('people.dept') })}
              value={filters.deptId}
              onChange={(v?: string) => {
                applyFilter('deptId', v);
                confirm({ closeDropdown: !!v });
              }}
            />
          </div>
        ),
      },
      { title: t('people.post'), dataIndex: 'postName', ellipsis: true, render: (v: string) => v || '-', ...textSearch('postName', t('people.post')) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, filters, depts],
  );

  const selectedKeys = [...chosen.keys()];
  const confirm = () => {
    if (!chosen.size) {
      message.warning(t('people.selectAtLeastOne'));
      return;
    }
    onConfirm([...chosen.values()]);
  };

  return (
    <Modal
      open={open}
      title={title ?? t('people.title')}
      width={900}
      onCancel={onCancel}
      onOk={confirm}
      destroyOnHidden
      className="people-picker"
      footer={(_, { OkBtn, CancelBtn }) => (
        <div className="people-picker-footer">
          <Typography.Text type="secondary" className="people-picker-count">{t('people.selected', { count: chosen.size })}</Typography.Text>
          <Space>
            <CancelBtn />
            <OkBtn />
          </Space>
        </div>
      )}
    >
      {chosen.size > 0 && (
        <div className="people-picker-chosen">
          {[...chosen.values()].map((p) => (
            <Tag
              key={p.id}
              closable
              onClose={() =>
                setChosen((m) => {
                  const n = new Map(m);
                  n.delete(String(p.id));
                  return n;
                })
              }
            >
              {p.realName || p.name || p.account}
            </Tag>
          ))}
        </div>
      )}
      <Table<Person>
        size="small"
        rowKey={(r) => String(r.id)}
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ y: 420 }}
        onRow={(r) => ({
          onClick: (e) =>
            // a click on the checkbox itself is handled by rowSelection
            !(e.target as HTMLElement).closest('.ant-table-selection-column') &&
            setChosen((m) => {
              const id = String(r.id);
              if (mode === 'radio') return new Map([[id, r]]);
              const n = new Map(m);
              if (n.has(id)) n.delete(id);
              else n.set(id, r);
              return n;
            }),
        })}
        rowSelection={{
          type: mode,
          selectedRowKeys: selectedKeys,
          preserveSelectedRowKeys: true,
          onSelect: (r, on) =>
            setChosen((m) => {
              const id = String(r.id);
              if (mode === 'radio') return new Map([[id, r]]);
              const n = new Map(m);
              if (on) n.set(id, r);
              else n.delete(id);
              return n;
            }),
          onSelectAll: (on, _sel, changed) =>
            setChosen((m) => {
              const n = new Map(m);
              for (const r of changed) {
                if (on) n.set(String(r.id), r);
                else n.delete(String(r.id));
              }
              return n;
            }),
        }}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (n) => t('people.total', { count: n }),
          onChange: (p) => setCurrent(p),
        }}
      />
    </Modal>
  );
}
