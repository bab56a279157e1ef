// 个人数据中心 (/portal/data/center and /portal/personalData, 001 §2.3, §7.2): the categories on the
// left with the caller's counts; the caller's entries of the chosen one as cards or a table, searched
// and paged; add and edit with the category's designed form (the workflow forms' renderer, checked by
// the one validator the server runs too); delete after the confirm. A category of one entry
// (multiple 0) offers editing that entry instead of adding a second.
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Drawer, Form, Input, Modal, Pagination, Segmented, Skeleton, Space, Table } from 'antd';
import { AppstoreOutlined, DeleteOutlined, EditOutlined, IdcardOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { labelOf, type FormOption, type Values } from '@campus/schema';
import { defaultsOf, FormRenderer, validateForm } from '../../../components/workflow/FormRenderer';
import { Cell, valueColumns } from '../../miniApp/data/fields';
import { PortalIcon } from '../frame/icons';
import { delPersonalData, personalCategories, personalEntries, savePersonalData, type PersonalCategory, type PersonalEntry } from './api';
import { CenterPage, EmptyState, Panel, shortTime, usePhone, useLocalName } from './shared';

/** A category's designed form (the server may answer it as JSON text). */
function optionOf(c: PersonalCategory | undefined): FormOption | null {
  const raw = c?.formContent;
  if (!raw) return null;
  if (typeof raw !== 'string') return raw;
  try { return JSON.parse(raw) as FormOption; } catch { return null; }
}

export default function DataCenter() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/data/center" title={t('portalCenter.data.title')} subtitle={t('portalCenter.data.subtitle')} icon={<IdcardOutlined />} testId="portal-data-center">
      <DataBody />
    </CenterPage>
  );
}

function DataBody() {
  const { t } = useTranslation();
  const local = useLocalName();
  const phone = usePhone();
  const cats = useQuery({ queryKey: ['portal', 'personalCategories'], queryFn: personalCategories, staleTime: 0 });
  const [chosen, setChosen] = useState<string | undefined>();
  const list = cats.data ?? [];
  // the first category until one is chosen
  useEffect(() => {
    if (!chosen && list.length) setChosen(String(list[0].id));
  }, [chosen, list]);
  const category = list.find((c) => String(c.id) === chosen);

  if (cats.isLoading) return <Panel><Skeleton active /></Panel>;
  if (!list.length) return <Panel><EmptyState text={t('portalCenter.data.noCategories')} hint={t('portalCenter.data.noCategoriesHint')} /></Panel>;
  const item = (c: PersonalCategory) => (
    <button key={c.id} className={`pc-cat${chosen === String(c.id) ? ' active' : ''}`} data-testid={`data-cat-${c.id}`} onClick={() => setChosen(String(c.id))}>
      <PortalIcon icon={c.icon} name={c.name} size={26} />
      <span className="pc-cat-name">{local(c.name, c.nameEn)}</span>
      <span className="pc-cat-count">{c.count}</span>
    </button>
  );
  return (
    <div className="pc-catalogue">
      {phone ? (
        <div className="pc-chips">
          {list.map((c) => (
            <button key={c.id} className={`pc-chip${chosen === String(c.id) ? ' active' : ''}`} onClick={() => setChosen(String(c.id))}>{local(c.name, c.nameEn)} · {c.count}</button>
          ))}
        </div>
      ) : (
        <aside className="pc-cat-side" data-testid="data-categories"><div className="pc-side-title">{t('portalCenter.data.categories')}</div>{list.map(item)}</aside>
      )}
      <div className="pc-cat-main">{category && <Entries key={category.id} category={category} />}</div>
    </div>
  );
}

const PAGE = 10;

function Entries({ category }: { category: PersonalCategory }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const phone = usePhone();
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const option = useMemo(() => optionOf(category), [category]);
  const columns = useMemo(() => valueColumns(option), [option]);
  const entries = useQuery({ queryKey: ['portal', 'personalData', category.id], queryFn: () => personalEntries(String(category.id)), staleTime: 0 });
  const [view, setView] = useState<'cards' | 'table'>('cards');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<PersonalEntry | 'new' | null>(null);

  const all = entries.data ?? [];
  // the search matches any value's text
  const rows = keyword ? all.filter((e) => Object.values(e.content ?? {}).some((v) => v !== null && v !== undefined && JSON.stringify(v).toLowerCase().includes(keyword.toLowerCase()))) : all;
  const shown = rows.slice((current - 1) * PAGE, current * PAGE);
  const single = Number(category.multiple) === 0;
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['portal', 'personalData', category.id] });
    await client.invalidateQueries({ queryKey: ['portal', 'personalCategories'] });
  };
  const remove = async (e: PersonalEntry) => {
    await delPersonalData(String(e.id));
    message.success(t('portalCenter.data.deleted'));
    await refresh();
  };
  const confirmRemove = (e: PersonalEntry) => modal.confirm({
    title: t('common.tip'),
    content: t('common.confirmDelete'),
    okText: t('common.ok'),
    cancelText: t('common.cancel'),
    okButtonProps: { danger: true },
    onOk: () => remove(e),
  });
  const addButton = single && all.length
    ? <Button icon={<EditOutlined />} onClick={() => setEditing(all[0])} data-testid="data-edit-single">{t('portalCenter.data.editMine')}</Button>
    : <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} disabled={!columns.length} data-testid="data-add">{t('common.add')}</Button>;
  const actions = (e: PersonalEntry) => (
    <Space size={4}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(e)}>{t('common.edit')}</Button>
      <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmRemove(e)} data-testid="data-delete">{t('common.delete')}</Button>
    </Space>
  );
  // a card shows the first fields; the table all of them
  const cardFields = columns.slice(0, 6);
  return (
    <Panel
      title={local(category.name, category.nameEn)}
      icon={<PortalIcon icon={category.icon} name={category.name} size={24} tone="plain" />}
      testId="data-entries"
      extra={
        <>
          <Input.Search allowClear className="pc-search" placeholder={t('portalCenter.data.searchPlaceholder')} onSearch={(v) => { setKeyword(v.trim()); setCurrent(1); }}
            onChange={(e) => { if (!e.target.value) { setKeyword(''); setCurrent(1); } }} style={{ width: phone ? '100%' : 220 }} />
          {!phone && (
            <Segmented value={view} onChange={(v) => setView(v as 'cards' | 'table')}
              options={[{ value: 'cards', icon: <AppstoreOutlined />, title: t('portalCenter.data.cards') }, { value: 'table', icon: <UnorderedListOutlined />, title: t('portalCenter.data.table') }]} />
          )}
          {addButton}
        </>
      }
    >
      {!columns.length && <EmptyState compact text={t('portalCenter.data.noForm')} />}
      {columns.length > 0 && (entries.isLoading ? <Skeleton active /> : !rows.length ? (
        <EmptyState
          text={t(keyword ? 'portalCenter.data.noMatch' : 'portalCenter.data.empty', { name: local(category.name, category.nameEn) })}
          hint={keyword ? undefined : t('portalCenter.data.emptyHint')}
          action={keyword ? undefined : { label: t('portalCenter.data.addFirst'), onClick: () => setEditing('new') }}
        />
      ) : view === 'cards' || phone ? (
        <div className="pc-data-grid" data-testid="data-cards">
          {shown.map((e) => (
            <div className="pc-data-card" key={e.id} data-testid="data-card">
              <dl>
                {cardFields.map((c) => (
                  <div key={c.prop} style={{ display: 'contents' }}>
                    <dt>{labelOf(c)}</dt>
                    <dd><Cell column={c} value={e.content?.[c.prop]} /></dd>
                  </div>
                ))}
              </dl>
              <div className="pc-data-card-foot">
                <span>{t('portalCenter.data.createdAt', { time: shortTime(e.createTime) })}</span>
                {actions(e)}
              </div>
            </div>
          ))}
        </div>
      ) : (
        <Table<PersonalEntry>
          rowKey="id"
          size="middle"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={shown}
          columns={[
            ...columns.map((c) => ({ title: labelOf(c), key: c.prop, render: (_: unknown, e: PersonalEntry) => <Cell column={c} value={e.content?.[c.prop]} /> })),
            { title: t('portalCenter.data.createTime'), key: 'createTime', width: 150, render: (_: unknown, e: PersonalEntry) => shortTime(e.createTime) },
            { title: t('common.action'), key: 'action', width: 150, fixed: 'right' as const, render: (_: unknown, e: PersonalEntry) => actions(e) },
          ]}
        />
      ))}
      {rows.length > PAGE && <Pagination className="pc-pager" current={current} pageSize={PAGE} total={rows.length} onChange={setCurrent} showSizeChanger={false} size={phone ? 'small' : undefined} />}
      {editing && (
        <EntryEditor
          category={category}
          option={option}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => { setEditing(null); await refresh(); }}
        />
      )}
    </Panel>
  );
}

/** Add or edit one entry with the category's designed form. */
function EntryEditor({ category, option, entry, onClose, onSaved }: {
  category: PersonalCategory; option: FormOption | null; entry: PersonalEntry | null; onClose: () => void; onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const local = useLocalName();
  const phone = usePhone();
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const initial = useMemo(() => (entry ? entry.content : defaultsOf(option)), [entry, option]);
  const save = async () => {
    let values: Values;
    try {
      values = await validateForm(form, option, () => true);
    } catch (e) {
      message.error((e as Error).message);
      return;
    }
    setSaving(true);
    try {
      await savePersonalData({ id: entry?.id, categoryId: String(category.id), content: values });
      message.success(t('portalCenter.data.saved'));
      await onSaved();
    } finally {
      setSaving(false);
    }
  };
  const title = t(entry ? 'portalCenter.data.editTitle' : 'portalCenter.data.addTitle', { name: local(category.name, category.nameEn) });
  const body = <FormRenderer option={option} form={form} initialValues={initial} />;
  const footer = (
    <Space>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="primary" loading={saving} onClick={() => void save()} data-testid="data-save">{t('common.save')}</Button>
    </Space>
  );
  // a phone gets the whole screen for the form
  return phone ? (
    <Drawer open placement="bottom" height="92%" title={title} onClose={onClose} footer={<div style={{ textAlign: 'right' }}>{footer}</div>} destroyOnClose>{body}</Drawer>
  ) : (
    <Modal open width={760} title={title} onCancel={onClose} footer={footer} destroyOnClose maskClosable={false}>{body}</Modal>
  );
}
