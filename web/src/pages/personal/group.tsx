// 我的分组: the signed-in user's own groups of people, with their members (added with the
// people picker). Other users never see these groups.
import { useState } from 'react';
import { App, Button, Drawer, Popconfirm, Space, Table, Typography } from 'antd';
import { TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { crud } from '../../api/crud';
import { http } from '../../api/request';
import { PeoplePicker } from '../../components/PeoplePicker';
import { personalGroupModel, type RowOf } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';

type Group = RowOf<typeof personalGroupModel> & { createTime?: string };
interface Member { id: string; userId: string; userAccount: string; realName: string; dept: string; createTime: string }

const groupApi = crud<Group>('/api/personalGroup/personalGroup');
const members = (groupId: string, current: number, size: number) =>
  http.get<{ records: Member[]; total: number }>('/api/personalGroupItem/personalGroupItem/page', { groupId_equal: groupId, current, size });

function MembersDrawer({ group, onClose }: { group: Group; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<{ records: Member[]; total: number } | null>(null);
  const [picking, setPicking] = useState(false);
  const load = (p = page) => void members(group.id, p.current, p.size).then(setData, () => setData({ records: [], total: 0 }));
  if (data === null) load();
  return (
    <Drawer open width={720} title={`${t('personal.members')} · ${group.groupName}`} onClose={onClose}
      extra={<Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>{t('personal.addMembers')}</Button>}>
      <Table<Member> rowKey="id" size="middle" loading={data === null} dataSource={data?.records ?? []}
        pagination={{ current: page.current, pageSize: page.size, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [10, 30, 50], onChange: (current, size) => { const p = { current, size }; setPage(p); load(p); } }}
        columns={[
          { title: t('personal.account'), dataIndex: 'userAccount', width: 140 },
          { title: t('personal.realName'), dataIndex: 'realName', width: 140 },
          { title: t('personal.dept'), dataIndex: 'dept' },
          {
            title: t('personal.action'), width: 100, render: (_, m) => (
              <Popconfirm title={t('personal.confirmRemove')} onConfirm={async () => {
                await http.post('/api/personalGroupItem/personalGroupItem/remove', undefined, { params: { ids: m.id } });
                message.success(t('personal.success'));
                load();
              }}>
                <Typography.Link type="danger">{t('personal.remove')}</Typography.Link>
              </Popconfirm>
            ),
          },
        ]} />
      <PeoplePicker open={picking} title={t('personal.addMembers')} onCancel={() => setPicking(false)} onConfirm={async (people) => {
        const added = await http.post<number>('/api/personalGroupItem/personalGroupItem/addGroupUsers', { groupId: group.id, userIds: people.map((p) => p.id) });
        message.success(t('personal.added', { count: added }));
        setPicking(false);
        load();
      }} />
    </Drawer>
  );
}

// columns, search and form from the model (@campus/schema personalGroupModel); the members drawer is this page's own
const groupResource = (openMembers: (g: Group) => void) => modelResource(personalGroupModel, groupApi, {
  sort: { descs: 'create_time' },
  append: [{ title: 'personal.createTime', dataIndex: 'createTime', width: 180, form: false }],
  extraActions: [{ key: 'members', label: 'personal.members', placement: 'row', icon: <TeamOutlined />, onClick: ({ row }) => openMembers(row as Group) }],
});

export default function PersonalGroupPage() {
  const [open, setOpen] = useState<Group | null>(null);
  const [resource] = useState(() => groupResource(setOpen));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ResourceList resource={resource} />
      {open && <MembersDrawer group={open} onClose={() => setOpen(null)} />}
    </Space>
  );
}
