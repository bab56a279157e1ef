import { useEffect, useState } from 'react';
import { Avatar, Button, Form, Input } from 'antd';
import { ArrowRightOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { longDate } from '../../i18n';
import { signOut } from '../../shell/session';
import { siteTitle } from '../../shell/site';
import { useLock, useSession } from '../../shell/store';
import { website } from '../../website';

export default function LockPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const isLock = useLock((s) => s.isLock);
  const userInfo = useSession((s) => s.userInfo);
  const profile = useSession((s) => s.profile);
  const tags = useSession((s) => s.tags);
  const [now, setNow] = useState(dayjs());
  const [error, setError] = useState('');
  const [shake, setShake] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 1000);
    document.title = `${t('lock.locked')} - ${siteTitle(i18n.language)}`;
    return () => window.clearInterval(timer);
  }, [t, i18n.language]);

  if (!token) return <Navigate to="/login" replace />;
  if (!isLock) return <Navigate to="/" replace />;

  const name = profile?.realName || userInfo?.real_name || userInfo?.user_name || userInfo?.account;

  const unlock = ({ passwd }: { passwd: string }) => {
    if (passwd !== useLock.getState().lockPasswd) {
      setError(t('lock.wrong'));
      setShake(true);
      setTimeout(() => setShake(false), 500);
      return;
    }
    useLock.getState().unlock();
    const last = tags[tags.length - 1];
    navigate(last ? (last.value.includes('?') ? last.value : `${last.value}${last.query ?? ''}`) : website.firstPage.value, { replace: true });
  };

  return (
    <div className="lock-page">
      <div className="lock-clock">
        <div className="lock-time">{now.format('HH:mm:ss')}</div>
        <div className="lock-date">{longDate(now, i18n.language)}</div>
      </div>
      <div className={`lock-panel${shake ? ' shake' : ''}`}>
        <Avatar size={72} src={profile?.avatar || userInfo?.avatar || undefined} icon={<UserOutlined />} />
        <div className="lock-name">{name}</div>
        <div className="lock-hint">
          <LockOutlined /> {t('lock.locked')}
        </div>
        <Form onFinish={unlock} className="lock-form">
          <Form.Item name="passwd" rules={[{ required: true, message: t('lock.passwordRequired') }]} validateStatus={error ? 'error' : undefined} help={error || undefined}>
            <Input.Password
              size="large"
              autoFocus
              placeholder={t('lock.unlockPlaceholder')}
              onChange={() => setError('')}
              suffix={<Button type="primary" htmlType="submit" size="small" shape="circle" icon={<ArrowRightOutlined />} aria-label={t('lock.unlock')} />}
            />
          </Form.Item>
        </Form>
        <Button type="link" icon={<LogoutOutlined />} className="lock-logout" onClick={() => void signOut()}>
          {t('lock.logout')}
        </Button>
      </div>
    </div>
  );
}
