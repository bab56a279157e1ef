// 发送消息: title, content, business link and the recipients by type: 1 chosen users (people
// picker), 2 a department (broadcast), 4 a role (broadcast). Type 3 (approval) is the workflow's.
import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Radio, Space, Tag, TreeSelect, message } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deptTree, messageApi, roleTree, treeOptions, type MessageType, type Person } from '../../api/message';
import type { TreeNode } from '../../api/crud';
import { PeoplePicker } from '../../components/PeoplePicker';

interface Values {
  type: MessageType;
  people?: Person[];
  deptId?: string;
  roleId?: string;
  title: string;
  content?: string;
  pcUrl?: string;
}

const personName = (p: Person) => p.realName || p.name || p.account;

/** The chosen people as closable tags plus a button opening the picker. */
function PeopleField({ value, onChange, id }: { value?: Person[]; onChange?: (v: Person[]) => void; id?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const list = value ?? [];
  return (
    <div id={id} className="msg-people-field">
      <Space size={[4, 4]} wrap>
        {list.map((p) => (
          <Tag key={p.id} closable onClose={() => onChange?.(list.filter((x) => x.id !== p.id))} className="msg-person-tag">
            {personName(p)}
          </Tag>
        ))}
        <Button size="small" type="dashed" icon={<UserAddOutlined />} className="msg-pick-people" onClick={() => setOpen(true)}>
          {t('msg.pickPeople')}
        </Button>
      </Space>
      <PeoplePicker
        open={open}
        mode="checkbox"
        value={list}
        onCancel={() => setOpen(false)}
        onConfirm={(rows) => {
          setOpen(false);
          onChange?.(rows);
        }}
      />
    </div>
  );
}

export function SendMessageForm({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 1;
  const [busy, setBusy] = useState(false);
  const [depts, setDepts] = useState<TreeNode[]>([]);
  const [roles, setRoles] = useState<TreeNode[]>([]);
  useEffect(() => {
    if (!open) return;
    deptTree().then(setDepts, () => undefined);
    roleTree().then(setRoles, () => undefined);
  }, [open]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await messageApi.save({
        title: v.title.trim(),
        content: v.content ?? '',
        type: v.type,
        pcUrl: v.pcUrl?.trim() || undefined,
        userIds: v.type === 1 ? (v.people ?? []).map((p) => p.id).join(',') : undefined,
        deptId: v.type === 2 ? v.deptId : undefined,
        roleId: v.type === 4 ? v.roleId : undefined,
      });
      message.success(t('msg.sentOk'));
      form.resetFields();
      onSent();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('msg.send')}
      width={720}
      onCancel={onClose}
      okText={t('msg.sendSubmit')}
      onOk={() => form.submit()}
      confirmLoading={busy}
      className="msg-send-modal"
      forceRender
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ type: 1 }} onFinish={(v) => void submit(v)}>
        <Form.Item name="type" label={t('msg.typeLabel')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('msg.type1') },
              { value: 2, label: t('msg.type2') },
              { value: 4, label: t('msg.type4') },
            ]}
          />
        </Form.Item>
        {type === 1 && (
          <Form.Item
            name="people"
            label={t('msg.receivers')}
            required
            rules={[{ validator: (_, v?: Person[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('msg.v.people')))) }]}
          >
            <PeopleField />
          </Form.Item>
        )}
        {type === 2 && (
          <Form.Item name="deptId" label={t('msg.dept')} rules={[{ required: true, message: t('msg.v.dept') }]}>
            <TreeSelect treeData={treeOptions(depts)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder={t('msg.v.dept')} allowClear />
          </Form.Item>
        )}
        {type === 4 && (
          <Form.Item name="roleId" label={t('msg.role')} rules={[{ required: true, message: t('msg.v.role') }]}>
            <TreeSelect treeData={treeOptions(roles)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder={t('msg.v.role')} allowClear />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('msg.title')}
          rules={[
            { required: true, whitespace: true, message: t('msg.v.title') },
            { max: 255, message: t('msg.v.titleMax', { max: 255 }) },
          ]}
        >
          <Input placeholder={t('msg.v.title')} maxLength={255} showCount />
        </Form.Item>
        <Form.Item name="content" label={t('msg.content')} rules={[{ max: 20000, message: t('msg.v.contentMax', { max: 20000 }) }]}>
          <Input.TextArea rows={5} placeholder={t('msg.contentPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="pcUrl"
          label={t('msg.pcUrl')}
          extra={t('msg.pcUrlHelp')}
          rules={[
            { max: 1000, message: t('msg.v.pcUrlMax', { max: 1000 }) },
            {
              validator: (_, v?: string) => {
                const s = String(v ?? '').trim();
                return !s || s.startsWith('/') || /^https?:\/\//i.test(s) ? Promise.resolve() : Promise.reject(new Error(t('msg.v.pcUrl')));
              },
            },
          ]}
        >
          <Input placeholder="/workflow/process/todo" allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
