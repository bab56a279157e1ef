import { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Skeleton, Tabs, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getUserDetail, updateInfo, updatePassword } from '../../api/system';
import { AvatarUpload } from '../../components/AvatarUpload';
import { loadUserData, signOut } from '../../shell/session';
import { useSession } from '../../shell/store';

interface InfoValues {
  avatar?: string;
  account?: string;
  name?: string;
  realName?: string;
  phone?: string;
  email?: string;
  deptName?: string;
  postName?: string;
  roleName?: string;
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

function InfoTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InfoValues>();
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['user-detail', userId], queryFn: () => getUserDetail(userId), enabled: !!userId });

  useEffect(() => {
    if (detail.data) form.setFieldsValue(detail.data);
  }, [detail.data, form]);

  if (detail.isLoading) return <Skeleton active avatar paragraph={{ rows: 6 }} />;

  return (
    <Form<InfoValues>
      form={form}
      layout="vertical"
      className="info-form"
      onFinish={async (v) => {
        setBusy(true);
        try {
          await updateInfo({ id: userId, avatar: v.avatar, name: v.name, realName: v.realName, phone: v.phone, email: v.email });
          message.success(t('common.success'));
          await client.invalidateQueries({ queryKey: ['user-detail', userId] });
          await loadUserData().catch(() => undefined);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item name="avatar" label={t('info.avatar')} extra={t('info.avatarHint')}>
        <AvatarUpload />
      </Form.Item>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="account" label={t('info.account')}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="realName" label={t('info.realName')} rules={[{ required: true, message: t('info.realNameRequired') }]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('info.name')}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('info.phone')}
            rules={[
              {
                validator: async (_, value: string) => {
                  if (!value) return;
                  if (value.length !== 11) throw new Error(t('info.phoneLength'));
                  if (!/^1[3-9]\d{9}$/.test(value)) throw new Error(t('info.phoneFormat'));
                },
              },
            ]}
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('info.email')} rules={[{ type: 'email', message: t('info.emailFormat') }]}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deptName" label={t('info.dept')}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="postName" label={t('info.post')}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="roleName" label={t('info.role')}>
            <Input disabled />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);
  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      className="info-form narrow"
      onFinish={async (v) => {
        setBusy(true);
        try {
          await updatePassword(v.oldPassword, v.newPassword, v.newPassword1);
          message.success(t('info.passwordChanged'));
          form.resetFields();
          await signOut();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={[{ required: true, message: t('info.oldPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('info.newPassword')}
        rules={[
          { required: true, message: t('info.newPasswordRequired') },
          { min: 6, message: t('info.passwordLength') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('info.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('info.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('common.submit')}
      </Button>
    </Form>
  );
}

export default function InfoPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.userInfo?.user_id ?? '');
  return (
    <Card bordered={false} className="info-page">
      <Tabs
        items={[
          { key: 'info', label: t('info.tabInfo'), children: <InfoTab userId={userId} /> },
          { key: 'password', label: t('info.tabPassword'), children: <PasswordTab /> },
        ]}
      />
    </Card>
  );
}
