import { useEffect, useMemo, useState } from 'react';
import { Avatar, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography, Button } from 'antd';
import { ArrowRightOutlined, CalendarOutlined, UserOutlined, AppstoreOutlined, SafetyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { leaves, menuTarget, visibleMenu } from '../../shell/menu';
import { menuIcon } from '../../shell/icons';
import { formatDate, longDate, menuLabel } from '../../i18n';
import { useSession } from '../../shell/store';
import { website } from '../../website';
import { MessageCenter } from '../../components/MessageCenter';
import { NoticeBoard } from './notices';

/** Greeting key by hour: 0-6, 7-10, 11-12, 13-14, 15-18, 19-20, 21-24 (spec §9). */
export function greetingKey(hour: number): string {
  if (hour <= 6) return 'lateNight';
  if (hour <= 10) return 'morning';
  if (hour <= 12) return 'forenoon';
  if (hour <= 14) return 'noon';
  if (hour <= 18) return 'afternoon';
  if (hour <= 20) return 'evening';
  return 'night';
}

const FMT = 'YYYY-MM-DD HH:mm:ss';

export default function Welcome() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const profile = useSession((s) => s.profile);
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  const permission = useSession((s) => s.permission);
  const loginTime = useSession((s) => s.loginTime);
  const expiresIn = useSession((s) => s.expiresIn);
  const [now, setNow] = useState(dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const key = greetingKey(now.hour());
  const name = profile?.realName || userInfo?.real_name || userInfo?.nick_name || userInfo?.user_name || userInfo?.account || '';
  const links = useMemo(() => leaves(visibleMenu(menu, roles)).filter((m) => m.path !== website.firstPage.value), [menu, roles]);
  const dateText = longDate(now, i18n.language);

  return (
    <div className="wel-page">
      <Card className="wel-hero" bordered={false}>
        <div className="wel-hero-inner">
          <Avatar size={64} src={profile?.avatar || userInfo?.avatar || undefined} icon={<UserOutlined />} />
          <div className="wel-hero-text">
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="greeting">
              {t(`wel.greeting.${key}`)}{i18n.language === 'en' ? ', ' : '，'}{name}
            </Typography.Title>
            <Typography.Text type="secondary">{t(`wel.tips.${key}`)}</Typography.Text>
            <Space size={[8, 8]} wrap className="wel-tags">
              {profile?.deptName && <Tag color="blue">{t('wel.fact', { label: t('wel.dept'), value: profile.deptName })}</Tag>}
              {(profile?.roleNames || userInfo?.role_name) && <Tag color="purple">{t('wel.fact', { label: t('wel.role'), value: profile?.roleNames || userInfo?.role_name })}</Tag>}
              <Tag>{t('wel.fact', { label: t('wel.account'), value: profile?.account || userInfo?.account })}</Tag>
              <Tag>{t('wel.fact', { label: t('wel.tenant'), value: userInfo?.tenant_id })}</Tag>
            </Space>
          </div>
          <div className="wel-date">
            <CalendarOutlined />
            <div>
              <div className="wel-date-label">{t('wel.today')}</div>
              <div className="wel-date-value">{dateText}</div>
            </div>
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16} className="wel-main">
          <Card
            title={
              <Space>
                <AppstoreOutlined />
                {t('wel.quickLinks')}
              </Space>
            }
            bordered={false}
            className="wel-card"
          >
            {links.length === 0 ? (
              <Empty description={t('wel.quickLinksEmpty')} />
            ) : (
              <div className="quick-links">
                {links.map((m) => (
                  <button
                    type="button"
                    key={m.id}
                    className="quick-link"
                    onClick={() => {
                      const target = menuTarget(m);
                      if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
                      else navigate(target.to);
                    }}
                  >
                    <span className="quick-link-icon">{menuIcon(m.source) ?? <AppstoreOutlined />}</span>
                    <span className="quick-link-name">{menuLabel(m)}</span>
                    <ArrowRightOutlined className="quick-link-arrow" />
                  </button>
                ))}
              </div>
            )}
          </Card>
          <NoticeBoard className="wel-card wel-notices" />
        </Col>
        <Col xs={24} lg={8} className="wel-side">
          <Card
            title={
              <Space>
                <SafetyOutlined />
                {t('wel.session')}
              </Space>
            }
            bordered={false}
            className="wel-card"
            extra={
              <Button type="link" size="small" onClick={() => navigate('/info/index')}>
                {t('wel.profile')}
              </Button>
            }
          >
            <Descriptions column={1} size="small" labelStyle={{ color: 'rgba(0,0,0,.55)' }}>
              <Descriptions.Item label={t('wel.loginTime')}>{loginTime ? formatDate(loginTime, FMT, i18n.language) : '-'}</Descriptions.Item>
              <Descriptions.Item label={t('wel.tokenExpiry')}>
                {loginTime && expiresIn ? formatDate(loginTime + expiresIn * 1000, FMT, i18n.language) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('wel.tokenRefresh')}>
                {loginTime ? formatDate(loginTime + website.tokenTime * 1000, FMT, i18n.language) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('wel.permissions')}>{t('wel.permissionsCount', { count: Object.keys(permission).length })}</Descriptions.Item>
              <Descriptions.Item label={t('wel.language')}>{i18n.language === 'en' ? 'English' : '中文'}</Descriptions.Item>
            </Descriptions>
          </Card>
          <MessageCenter className="wel-card wel-messages" />
        </Col>
      </Row>
    </div>
  );
}
