// Who may handle a service (001 §4): people (the people picker), roles, departments and posts, kept
// as the comma lists userIds / roleIds / deptIds / postIds. All empty: everyone signed in. Allowed:
// a listed person, or a listed post; roles alone or departments alone match by themselves; roles
// and departments together need both. The server decides when a process starts; this only edits.
import { useState } from 'react';
import { Alert, Button, Col, Form, Row, Select, Space, Spin, Tag, TreeSelect } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postSelect } from '../../../../api/admin';
import { deptTree, roleTree, treeOptions, type Person } from '../../../../api/message';
import { PeoplePicker } from '../../../../components/PeoplePicker';
import { serviceText } from '../modelText';

const treeProps = { multiple: true, treeCheckable: true, showCheckedStrategy: TreeSelect.SHOW_ALL, treeCheckStrictly: false, treeDefaultExpandAll: true, maxTagCount: 'responsive' as const, treeNodeFilterProp: 'title', showSearch: true, allowClear: true };

export function AudienceEditor({ people, onPeople, loadingPeople }: { people: Person[]; onPeople: (p: Person[]) => void; loadingPeople: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [picking, setPicking] = useState(false);
  const roles = useQuery({ queryKey: ['portalManage', 'roleTree'], queryFn: () => roleTree().then(treeOptions), staleTime: 60_000 });
  const depts = useQuery({ queryKey: ['portalManage', 'deptTree'], queryFn: () => deptTree().then(treeOptions), staleTime: 60_000 });
  const posts = useQuery({ queryKey: ['portalManage', 'posts'], queryFn: () => postSelect().then((l) => l.map((p) => ({ label: String(p.postName), value: String(p.id) }))), staleTime: 60_000 });
  const roleIds = (Form.useWatch('roleIds', form) as string[] | undefined) ?? [];
  const deptIds = (Form.useWatch('deptIds', form) as string[] | undefined) ?? [];
  const postIds = (Form.useWatch('postIds', form) as string[] | undefined) ?? [];
  const everyone = !people.length && !roleIds.length && !deptIds.length && !postIds.length;
  const parts: string[] = [];
  if (people.length) parts.push(t('portalManage.audience.countPeople', { n: people.length }));
  if (postIds.length) parts.push(t('portalManage.audience.countPosts', { n: postIds.length }));
  if (roleIds.length && deptIds.length) parts.push(t('portalManage.audience.countBoth', { r: roleIds.length, d: deptIds.length }));
  else if (roleIds.length) parts.push(t('portalManage.audience.countRoles', { n: roleIds.length }));
  else if (deptIds.length) parts.push(t('portalManage.audience.countDepts', { n: deptIds.length }));
  return (
    <div className="pm-audience">
      <Alert
        type={everyone ? 'success' : 'warning'}
        showIcon
        className="pm-audience-summary"
        message={everyone ? t('portalManage.audience.everyone') : t('portalManage.audience.only', { who: parts.join(t('portalManage.audience.or')) })}
        description={t('portalManage.audience.rule')}
        style={{ marginBottom: 16 }}
      />
      <Form.Item label={serviceText('fields.userIds')}>
        <Spin spinning={loadingPeople}>
          <Space size={[4, 8]} wrap className="pm-audience-people">
            {people.map((p) => (
              <Tag key={p.id} closable onClose={() => onPeople(people.filter((x) => x.id !== p.id))}>
                <UserOutlined /> {p.realName || p.name || p.account}
              </Tag>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => setPicking(true)} className="pm-audience-pick">{t('portalManage.audience.pickPeople')}</Button>
          </Space>
        </Spin>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="roleIds" label={serviceText('fields.roleIds')}>
            <TreeSelect {...treeProps} treeData={roles.data ?? []} loading={roles.isLoading} placeholder={t('portalManage.audience.anyRole')} className="pm-audience-roles" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deptIds" label={serviceText('fields.deptIds')} extra={t('portalManage.audience.deptHelp')}>
            <TreeSelect {...treeProps} treeData={depts.data ?? []} loading={depts.isLoading} placeholder={t('portalManage.audience.anyDept')} className="pm-audience-depts" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="postIds" label={serviceText('fields.postIds')}>
            <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={posts.data ?? []} loading={posts.isLoading} maxTagCount="responsive" placeholder={t('portalManage.audience.anyPost')} className="pm-audience-posts" />
          </Form.Item>
        </Col>
      </Row>
      <PeoplePicker
        open={picking}
        mode="checkbox"
        value={people}
        title={t('portalManage.audience.pickPeople')}
        onCancel={() => setPicking(false)}
        onConfirm={(list) => {
          onPeople(list);
          setPicking(false);
        }}
      />
    </div>
  );
}
