import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Form, Input, List, Modal, Select, Space, Table, Tag, Typography, message, type InputRef } from 'antd';
import { CheckCircleFilled, CloudUploadOutlined, DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getDeptSelect, getRoleSelect, sendLogs } from '../api/system';
import type { ClientLog, MenuVO } from '../api/types';
import { leaves, menuTarget, visibleMenu } from './menu';
import { menuLabel } from '../i18n';
import { menuIcon } from './icons';
import { switchDeptRole } from './session';
import { useLock, useLogs, useSession } from './store';
import { themes } from './themes';
import { website } from '../website';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** Lock: a password must be set first; then the screen goes to /lock after 100 ms. */
export function LockDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ passwd: string }>();
  return (
    <Modal
      title={t('lock.title')}
      open={open}
      width={400}
      onCancel={onClose}
      okText={t('lock.submit')}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ passwd }) => {
          useLock.getState().lock(passwd);
          onClose();
          setTimeout(() => navigate(website.lockPage), website.lockDelay);
        }}
      >
        <Form.Item name="passwd" label={t('lock.password')} rules={[{ required: true, message: t('lock.passwordRequired') }]}>
          <Input.Password autoFocus autoComplete="new-password" placeholder={t('lock.password')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Theme chooser: eleven layout colour schemes with a preview swatch each. */
export function ThemeDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const current = useSession((s) => s.theme);
  const setTheme = useSession((s) => s.setTheme);
  const setColour = useSession((s) => s.setColour);
  return (
    <Modal title={t('theme.title')} open={open} onCancel={onClose} footer={null} width={720}>
      <div className="theme-grid">
        {themes.map((th) => (
          <button
            type="button"
            key={th.name}
            className={`theme-card${current === th.name ? ' active' : ''}`}
            data-theme-name={th.name}
            onClick={() => {
              setTheme(th.name);
              setColour(th.primary ?? website.defaultColor);
            }}
          >
            <span className="theme-preview">
              <span className="tp-sider" style={{ background: th.siderBg }}>
                <span className="tp-logo" style={{ background: th.logoBg === 'transparent' ? 'rgba(255,255,255,.15)' : th.logoBg }} />
                <span className="tp-item" style={{ background: th.siderActiveBg }} />
                <span className="tp-item dim" style={{ background: th.siderText }} />
                <span className="tp-item dim" style={{ background: th.siderText }} />
              </span>
              <span className="tp-main">
                <span className="tp-header" style={{ background: th.headerBg }} />
                <span className="tp-body" style={{ background: th.name === 'theme-dark' ? '#000' : '#f0f2f5' }}>
                  <span className="tp-card" style={{ background: th.name === 'theme-dark' ? '#141414' : '#fff' }} />
                </span>
              </span>
              {current === th.name && <CheckCircleFilled className="tp-check" />}
            </span>
            <span className="theme-name">{t(`theme.${th.name}`)}</span>
          </button>
        ))}
      </div>
    </Modal>
  );
}

/** Department/role switch (用户信息选择, 350 px): refreshes the token with the chosen ids. */
export function SwitchDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const userInfo = useSession((s) => s.userInfo);
  const userId = userInfo?.user_id ?? '';
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [busy, setBusy] = useState(false);
  const depts = useQuery({ queryKey: ['dept-select', userId], queryFn: () => getDeptSelect(userId), enabled: open && !!userId });
  const roles = useQuery({ queryKey: ['role-select', userId], queryFn: () => getRoleSelect(userId), enabled: open && !!userId });
  useEffect(() => {
    if (open && userInfo) form.setFieldsValue({ deptId: userInfo.dept_id?.split(',')[0], roleId: userInfo.role_id?.split(',')[0] });
  }, [open, userInfo, form]);
  return (
    <Modal title={t('switch.title')} open={open} width={350} onCancel={onClose} footer={null} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ deptId, roleId }) => {
          setBusy(true);
          try {
            await switchDeptRole(deptId, roleId);
            onClose();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="deptId" label={t('switch.dept')} rules={[{ required: true, message: t('switch.deptRequired') }]}>
          <Select
            loading={depts.isLoading}
            placeholder={t('switch.deptRequired')}
            options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.deptName }))}
          />
        </Form.Item>
        <Form.Item name="roleId" label={t('switch.role')} rules={[{ required: true, message: t('switch.roleRequired') }]}>
          <Select
            loading={roles.isLoading}
            placeholder={t('switch.roleRequired')}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('switch.submit')}
        </Button>
      </Form>
    </Modal>
  );
}

/** Full-screen dialog with the queued client errors: upload them (sendLogs) or clear them. */
export function LogDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const logs = useLogs((s) => s.logs);
  const clear = useLogs((s) => s.clear);
  const upload = () =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('logs.uploadConfirm'),
      onOk: async () => {
        await sendLogs(logs);
        clear();
        message.success(t('logs.uploaded'));
      },
    });
  const wipe = () =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('logs.clearConfirm'),
      onOk: () => {
        clear();
        message.success(t('logs.cleared'));
      },
    });
  return (
    <Modal
      title={t('logs.title')}
      open={open}
      onCancel={onClose}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 110px)', overflow: 'auto' } }}
      className="log-dialog"
      footer={null}
    >
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<CloudUploadOutlined />} disabled={!logs.length} onClick={upload}>
          {t('logs.upload')}
        </Button>
        <Button danger icon={<DeleteOutlined />} disabled={!logs.length} onClick={wipe}>
          {t('logs.clear')}
        </Button>
      </Space>
      <Table<ClientLog>
        size="small"
        rowKey={(r) => `${r.time}-${r.message}-${r.url}`}
        dataSource={logs}
        locale={{ emptyText: <Empty description={t('logs.empty')} /> }}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: t('logs.type'), dataIndex: 'type', width: 80, render: (v: string) => <Tag color="red">{v}</Tag> },
          { title: t('logs.url'), dataIndex: 'url', width: 240, ellipsis: true },
          { title: t('logs.message'), dataIndex: 'message', width: 280 },
          {
            title: t('logs.stack'),
            dataIndex: 'stack',
            render: (v: string) => (v ? <pre className="log-stack">{v}</pre> : '-'),
          },
          { title: t('logs.info'), dataIndex: 'info', width: 160, ellipsis: true },
          { title: t('logs.time'), dataIndex: 'time', width: 170 },
        ]}
      />
    </Modal>
  );
}

/** Menu search (菜单搜索): leaf menus whose name starts with the text, case-insensitive. */
export function MenuSearch({ open, onClose }: DialogProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState(0);
  const input = useRef<InputRef>(null);
  const all = useMemo(() => leaves(visibleMenu(menu, roles)), [menu, roles]);
  const found = useMemo(() => {
    const q = text.trim().toLowerCase();
    return all.filter((m) => menuLabel(m).toLowerCase().startsWith(q));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [all, text, i18n.language]);

  useEffect(() => {
    if (open) setTimeout(() => input.current?.focus(), 50);
  }, [open]);
  useEffect(() => setCursor(0), [text]);

  const close = () => {
    setText('');
    onClose();
  };
  const choose = (m: MenuVO) => {
    const target = menuTarget(m);
    close();
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
    else navigate(target.to);
  };

  return (
    <Modal title={t('top.search')} open={open} onCancel={close} footer={null} width={520} className="menu-search" keyboard>
      <Input
        ref={input}
        size="large"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('top.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, found.length - 1));
          if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
          if (e.key === 'Enter' && found[cursor]) choose(found[cursor]);
        }}
      />
      <List
        className="menu-search-list"
        dataSource={found}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('top.searchEmpty')} /> }}
        renderItem={(m, i) => (
          <List.Item className={i === cursor ? 'active' : ''} onClick={() => choose(m)} onMouseEnter={() => setCursor(i)}>
            <Space>
              <span className="menu-search-icon">{menuIcon(m.source)}</span>
              <span className="menu-search-name">{menuLabel(m)}</span>
            </Space>
            <Typography.Text type="secondary" className="menu-search-path">
              {m.path}
            </Typography.Text>
          </List.Item>
        )}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('top.searchHint')}
      </Typography.Text>
    </Modal>
  );
}
