// 我的消息 (spec 000 §2.8): a right-side drawer of width 80% with my inbox (paged 10; 10/20/30/50,
// search, read state, view, business link, delete, mark all read), what I sent, and sending.
import { useEffect, useRef, useState } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Descriptions, Drawer, Modal, Space, Table, Tabs, Tooltip, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, EyeOutlined, LinkOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isUnread, messageApi, type MessageRow, type Receiver, type SentDetail, type SentRow } from '../../api/message';
import type { ListParams } from '../../api/crud';
import { openBizLink, openMessage, readAllMessages, removeMessages } from './actions';
import { ReadTag, TypeTag, readEnum, typeEnum } from './labels';
import { RichText } from './RichText';
import { SendMessageForm } from './SendMessageForm';
import { useMessages } from './store';
import { rangeSeparator } from '../../components/rangeSeparator';

export const DRAWER_PAGE_SIZES = [10, 20, 30, 50];

type Search = Record<string, unknown>;

/** ProTable's search values as BladeX list parameters. */
function listParams(p: Search): ListParams {
  const { current, pageSize, title, type, isRead, createTimeRange: _r, ...rest } = p as Search & { current?: number; pageSize?: number };
  void _r;
  const out: ListParams = { current: current ?? 1, size: pageSize ?? 10, title_like: title as string, type: type as string, isRead: isRead as string };
  for (const k of ['createTime_dategt', 'createTime_datelt']) if (rest[k]) out[k] = String(rest[k]);
  return out;
}

const rangeColumn = (t: (k: string) => string) => ({
  title: t('msg.time'),
  dataIndex: 'createTimeRange',
  valueType: 'dateTimeRange' as const,
  hideInTable: true,
  fieldProps: { separator: rangeSeparator() },
  search: {
    transform: (v: [string, string]) => ({ createTime_dategt: v?.[0], createTime_datelt: v?.[1] }),
  },
});

/** What the inbox and sent tables share: layout, search, paging, and a request of one BladeX page. */
function drawerTable<T>(fetch: (q: ListParams) => Promise<{ records: T[]; total: number }>) {
  return {
    rowKey: 'id',
    size: 'small' as const,
    cardBordered: false,
    search: { labelWidth: 'auto' as const, defaultCollapsed: false, span: 8 },
    options: { reload: true, density: false, setting: false },
    pagination: { defaultPageSize: 10, pageSizeOptions: DRAWER_PAGE_SIZES, showSizeChanger: true },
    request: async (p: Search) => {
      const page = await fetch(listParams(p));
      return { data: page.records, total: page.total, success: true };
    },
  };
}

/** Reloads a table whenever my inbox changes (push, read, delete, read all). */
function useReloadOnChange(ref: React.MutableRefObject<ActionType | undefined>, active: boolean) {
  const version = useMessages((s) => s.version);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (active) ref.current?.reload();
  }, [version, active, ref]);
}

function confirmDelete(t: (k: string) => string, rows: MessageRow[], after?: () => void) {
  Modal.confirm({
    title: t('msg.tip'),
    content: t('msg.deleteConfirm'),
    okButtonProps: { danger: true },
    onOk: async () => {
      await removeMessages(rows);
      after?.();
    },
  });
}

export function confirmReadAll(t: (k: string) => string) {
  Modal.confirm({
    title: t('msg.tip'),
    content: t('msg.readAllConfirm'),
    onOk: () => readAllMessages(),
  });
}

function InboxTable({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<ActionType>();
  useReloadOnChange(ref, active);
  const columns: ProColumns<MessageRow>[] = [
    {
      title: t('msg.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (_, r) => (
        <a className={`msg-title-link${isUnread(r) ? ' unread' : ''}`} onClick={() => void openMessage(r)}>
          {r.title}
        </a>
      ),
    },
    { title: t('msg.typeLabel'), dataIndex: 'type', width: 120, valueType: 'select', valueEnum: typeEnum(t), render: (_, r) => <TypeTag type={r.type} /> },
    { title: t('msg.readState'), dataIndex: 'isRead', width: 100, valueType: 'select', valueEnum: readEnum(t), render: (_, r) => <ReadTag isRead={r.isRead} /> },
    { title: t('msg.sender'), dataIndex: 'createUserName', width: 140, search: false, render: (_, r) => r.createUserName || t('msg.system') },
    { title: t('msg.time'), dataIndex: 'createTime', width: 180, search: false },
    rangeColumn(t),
    {
      title: t('msg.action'),
      valueType: 'option',
      width: 250,
      render: (_, r) => (
        <Space size={4} className="msg-row-actions">
          <Button type="link" size="small" icon={<EyeOutlined />} className="msg-view-btn" onClick={() => void openMessage(r)}>
            {t('msg.view')}
          </Button>
          <Tooltip title={r.pcUrl || t('msg.noBizLink')}>
            <Button type="link" size="small" icon={<LinkOutlined />} className="msg-biz-btn" onClick={() => openBizLink(r.pcUrl)}>
              {t('msg.handle')}
            </Button>
          </Tooltip>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} className="msg-delete-btn" onClick={() => confirmDelete(t, [r])}>
            {t('msg.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <ProTable<MessageRow>
      {...drawerTable(messageApi.myList)}
      className="msg-inbox-table"
      actionRef={ref}
      columns={columns}
      rowClassName={(r) => (isUnread(r) ? 'msg-row-unread' : '')}
      toolBarRender={() => [
        <Button key="readAll" icon={<CheckOutlined />} className="msg-read-all" onClick={() => confirmReadAll(t)}>
          {t('msg.readAll')}
        </Button>,
      ]}
    />
  );
}

function SentDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<SentDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (id) messageApi.sendDetail(id).then(setDetail, () => undefined);
  }, [id]);
  return (
    <Modal open={!!id} title={detail?.title ?? t('msg.sentDetail')} width={760} onCancel={onClose} footer={null} destroyOnHidden className="msg-sent-detail">
      {detail && (
        <>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('msg.time')}>{detail.createTime}</Descriptions.Item>
            <Descriptions.Item label={t('msg.typeLabel')}><TypeTag type={detail.type} /></Descriptions.Item>
            <Descriptions.Item label={t('msg.readProgress')}>{`${detail.readCount} / ${detail.receiverCount}`}</Descriptions.Item>
          </Descriptions>
          <div className="msg-view-content"><RichText html={detail.content} /></div>
          <Typography.Title level={5} style={{ marginTop: 16 }}>{t('msg.receivers')}</Typography.Title>
          <Table<Receiver>
            size="small"
            rowKey="userId"
            dataSource={detail.receivers}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { title: t('people.account'), dataIndex: 'account', width: 160 },
              { title: t('people.realName'), dataIndex: 'realName' },
              { title: t('msg.readState'), dataIndex: 'isRead', width: 100, render: (v: number) => <ReadTag isRead={v} /> },
              { title: t('msg.readTime'), dataIndex: 'readTime', width: 180, render: (v: string | null) => v || '-' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

function SentTable({ active, reloadKey }: { active: boolean; reloadKey: number }) {
  const { t } = useTranslation();
  const ref = useRef<ActionType>();
  const [detailId, setDetailId] = useState<string | null>(null);
  useEffect(() => {
    if (reloadKey) ref.current?.reload();
  }, [reloadKey]);
  useEffect(() => {
    if (active) ref.current?.reload();
  }, [active]);
  const columns: ProColumns<SentRow>[] = [
    { title: t('msg.title'), dataIndex: 'title', ellipsis: true, render: (_, r) => <a onClick={() => setDetailId(String(r.id))}>{r.title}</a> },
    { title: t('msg.typeLabel'), dataIndex: 'type', width: 120, valueType: 'select', valueEnum: typeEnum(t), render: (_, r) => <TypeTag type={r.type} /> },
    { title: t('msg.readProgress'), dataIndex: 'readCount', width: 120, search: false, render: (_, r) => `${r.readCount} / ${r.receiverCount}` },
    { title: t('msg.time'), dataIndex: 'createTime', width: 180, search: false },
    rangeColumn(t),
    {
      title: t('msg.action'),
      valueType: 'option',
      width: 120,
      render: (_, r) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetailId(String(r.id))}>
          {t('msg.detail')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ProTable<SentRow>
        {...drawerTable(messageApi.sendList)}
        className="msg-sent-table"
        actionRef={ref}
        columns={columns}
      />
      <SentDetailModal id={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}

export function MessageDrawer() {
  const { t } = useTranslation();
  const open = useMessages((s) => s.drawerOpen);
  const [tab, setTab] = useState('inbox');
  const [sending, setSending] = useState(false);
  const [sentVersion, setSentVersion] = useState(0);
  return (
    <Drawer
      open={open}
      width="80%"
      placement="right"
      title={t('msg.drawerTitle')}
      className="msg-drawer"
      onClose={() => useMessages.getState().setDrawerOpen(false)}
      destroyOnHidden
      extra={
        <Button type="primary" icon={<SendOutlined />} className="msg-send-btn" onClick={() => setSending(true)}>
          {t('msg.send')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        className="msg-drawer-tabs"
        items={[
          { key: 'inbox', label: t('msg.inbox'), children: <InboxTable active={open && tab === 'inbox'} /> },
          { key: 'sent', label: t('msg.sent'), children: <SentTable active={open && tab === 'sent'} reloadKey={sentVersion} /> },
        ]}
      />
      <SendMessageForm
        open={sending}
        onClose={() => setSending(false)}
        onSent={() => {
          setSending(false);
          setSentVersion((v) => v + 1);
        }}
      />
    </Drawer>
  );
}
