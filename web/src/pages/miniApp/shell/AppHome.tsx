// The welcome tab of an app's shell (index/{params}): what the app is (icon, name, description,
// creator, status), how many records it holds, and the ways into it; an app without tables yet
// says it must be designed first and leads to the design.
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Statistic, Tag } from 'antd';
import { ApartmentOutlined, DatabaseOutlined, FormOutlined, SafetyOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/request';
import { appIconUrl, getBizData } from '../api';
import { useMiniApp } from '../context';
import { childHref } from './nav';
import type { ReactNode } from 'react';
import './shell.css';

const userName = (id: string) => http.get<{ id: string; realName?: string; account?: string }[]>('/api/blade-system/user/userListByIds', { ids: id }, { silent: true }).then((r) => r[0] ?? null);

export default function AppHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const app = useMiniApp();
  const info = app.info;
  const perm = app.permission;
  const appId = app.params.appId;
  const hasTable = !!perm?.tableName;
  const canCount = hasTable && (perm!.manager || perm!.operates.includes('view'));
  const total = useQuery({ queryKey: ['miniApp', 'count', appId], enabled: canCount, queryFn: () => getBizData({ appId, current: 1, size: 1 }).then((p) => p.total) });
  const creator = useQuery({ queryKey: ['miniApp', 'creator', appId, info?.createUser], enabled: !!info?.createUser, queryFn: () => userName(String(info!.createUser)).catch(() => null) });
  if (!perm || !info) return <Skeleton active />;
  const go = (child: string) => navigate(childHref(child, app.encoded));
  const link = (child: string, icon: ReactNode, title: string, text: string) => (
    <div className="mini-home-link" role="button" onClick={() => go(child)} data-testid={`mini-home-${child}`}>
      {icon}
      <span><b>{title}</b><small>{text}</small></span>
    </div>
  );
  return (
    <div className="mini-home">
      <Card>
        <div className="mini-home-hero">
          <img src={appIconUrl(info.appIcon)} alt="" />
          <div style={{ minWidth: 0, flex: 1 }}>
            <h2 data-testid="mini-home-name">{info.appName}</h2>
            <p className="mini-home-desc">{info.appDesc || t('miniApp.home.noDesc')}</p>
          </div>
          <Tag color={info.appStatus === 1 ? 'green' : 'default'}>{t(info.appStatus === 1 ? 'miniApp.admin.published' : 'miniApp.admin.draft')}</Tag>
        </div>
      </Card>
      {!hasTable && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          message={t('miniApp.home.designFirst')}
          description={perm.manager ? t('miniApp.home.designFirstText') : t('miniApp.home.designFirstUser')}
          action={perm.manager ? <Button type="primary" onClick={() => go('appConfigManage')}>{t('miniApp.home.toDesign')}</Button> : undefined}
        />
      )}
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('miniApp.home.records')} value={canCount ? (total.data ?? 0) : '-'} loading={canCount && total.isLoading} prefix={<DatabaseOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('miniApp.home.menus')} value={perm.appMenu.length} prefix={<ApartmentOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('miniApp.home.buttons')} value={perm.perDiyOperate.length} prefix={<ThunderboltOutlined />} />
          </Card>
        </Col>
      </Row>
      <Card style={{ marginTop: 16 }} title={t('miniApp.home.quick')}>
        <div className="mini-home-links">
          {link(hasTable ? 'dataManage' : perm.manager ? 'appConfigManage' : 'dataManage', <DatabaseOutlined />, t('miniApp.screen.dataManage'), t('miniApp.home.dataText'))}
          {perm.manager && link('appConfigManage', <FormOutlined />, t('miniApp.screen.appConfigManage'), t('miniApp.home.designText'))}
          {perm.manager && link('authManage', <SafetyOutlined />, t('miniApp.screen.authManage'), t('miniApp.home.authText'))}
          {perm.manager && link('processDesign', <ApartmentOutlined />, t('miniApp.screen.processDesign'), t('miniApp.home.processText'))}
        </div>
      </Card>
      <Card style={{ marginTop: 16 }} title={t('miniApp.home.about')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('miniApp.home.creator')}>
            <TeamOutlined style={{ marginRight: 6 }} />
            {creator.data?.realName || creator.data?.account || info.createUserName || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('miniApp.home.table')}>{perm.tableName ?? t('miniApp.home.noTable')}</Descriptions.Item>
          <Descriptions.Item label={t('miniApp.home.myRights')}>
            {perm.manager ? t('miniApp.home.manager') : perm.operates.map((o) => t(`miniApp.auth.op.${o}`)).join('、') || '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
