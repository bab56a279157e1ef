import { useCallback, useEffect, useState } from 'react';
// no Dropdown or Tabs here: they (rc-menu, rc-tabs, rc-dropdown, the tooltip trigger) weigh about 40 KB gzip
// on the login route for a two-item language switch and a one-tab heading (bench/frontend)
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import {
  ApartmentOutlined,
  AppstoreAddOutlined,
  AuditOutlined,
  GlobalOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
  BankOutlined,
} from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getCaptcha, loginByUsername, type Captcha } from '../../api/auth';
import { RequestError } from '../../api/request';
import { changeLanguage, languages } from '../../i18n';
import { completeLogin } from '../../shell/session';
import { siteTitle, useSite } from '../../shell/site';
import { website } from '../../website';

const REMEMBER_KEY = `${website.key}-last-account`;

interface FormValues {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
  remember: boolean;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const sys = useSite((s) => s.sys);
  const [form] = Form.useForm<FormValues>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const portal = query.get('loginSource') === 'portal';
  // code login may return to any address; a portal sign-in only to a page of this site (no open redirect)
  const asked = query.get('redirect');
  const redirect = query.get('loginType') === 'code' ? asked : portal && asked && /^#?\/(?!\/)/.test(asked) ? asked : null;
  // captcha=0 lets scripted clients (and the browser tests) use the plain password grant.
  const captchaOn = website.captchaMode && query.get('captcha') !== '0';
  const title = siteTitle(i18n.language);

  const refreshCaptcha = useCallback(async () => {
    if (!captchaOn) return;
    try {
      setCaptcha(await getCaptcha());
    } catch {
      setCaptcha(null);
    }
    form.setFieldValue('code', '');
  }, [captchaOn, form]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  useEffect(() => {
    document.title = `${t('login.pageTitle')} - ${title}`;
  }, [t, title]);

  const onFinish = async (v: FormValues) => {
    setBusy(true);
    setError('');
    try {
      const answer = await loginByUsername(
        { tenantId: v.tenantId || website.tenantId, username: v.username.trim(), password: v.password, key: captcha?.key, code: v.code },
        captchaOn,
      );
      if (v.remember) localStorage.setItem(REMEMBER_KEY, v.username.trim());
      else localStorage.removeItem(REMEMBER_KEY);
      await completeLogin(answer);
      if (redirect) {
        if (/^https?:\/\//i.test(redirect)) window.location.href = redirect;
        else navigate(redirect.replace(/^#/, ''), { replace: true });
      } else {
        // a portal sign-in returns to the portal (§2.4), not the back office
        navigate(portal ? '/portal/index' : website.firstPage.value, { replace: true });
      }
    } catch (e) {
      setError(e instanceof RequestError || e instanceof Error ? e.message : t('login.failed'));
      void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  const remembered = localStorage.getItem(REMEMBER_KEY) ?? '';

  return (
    <div className="login-page">
      <div className="login-bg" aria-hidden />
      <header className="login-top">
        <div className="login-brand">
          {sys.sysLogo ? <img src={sys.sysLogo} alt="" /> : <span className="logo-mark big">{title.slice(0, 1)}</span>}
          <span>{title}</span>
        </div>
        <div className="login-lang" role="group" aria-label="language">
          <GlobalOutlined />
          {languages.map((l) => (
            <button key={l.value} type="button" lang={l.value === 'zh' ? 'zh-CN' : l.value} aria-pressed={i18n.language === l.value}
              onClick={() => { if (i18n.language !== l.value) void changeLanguage(l.value); }}>
              {l.label}
            </button>
          ))}
        </div>
      </header>
      <main className="login-main">
        <section className="login-card">
          <div className="login-intro">
            <h1>{portal ? t('login.portalWelcome') : title}</h1>
            <p className="login-sub">{t('site.subtitle')}</p>
            <ul className="login-features">
              <li>
                <AuditOutlined />
                <div>
                  <b>{t('login.features.workflow')}</b>
                  <span>{t('login.features.workflowDesc')}</span>
                </div>
              </li>
              <li>
                <ApartmentOutlined />
                <div>
                  <b>{t('login.features.portal')}</b>
                  <span>{t('login.features.portalDesc')}</span>
                </div>
              </li>
              <li>
                <AppstoreAddOutlined />
                <div>
                  <b>{t('login.features.lowcode')}</b>
                  <span>{t('login.features.lowcodeDesc')}</span>
                </div>
              </li>
            </ul>
          </div>
          <div className="login-form">
            <h2>{t(portal ? 'login.portalTitle' : 'login.welcome')}</h2>
            <div className="login-tabs"><span>{t(portal ? 'login.portalTitle' : 'login.title')}</span></div>
            {error && <Alert className="login-error" type="error" showIcon message={error} closable onClose={() => setError('')} />}
            <Form<FormValues>
              form={form}
              size="large"
              onFinish={onFinish}
              initialValues={{ tenantId: website.tenantId, username: remembered, remember: true }}
              autoComplete="on"
            >
              {website.tenantMode && (
                <Form.Item name="tenantId" rules={[{ required: true, message: t('login.tenantIdRequired') }]}>
                  <Input prefix={<BankOutlined />} placeholder={t('login.tenantId')} />
                </Form.Item>
              )}
              <Form.Item name="username" rules={[{ required: true, message: t('login.usernameRequired') }]}>
                <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" autoFocus={!remembered} />
              </Form.Item>
              <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
                <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" autoFocus={!!remembered} />
              </Form.Item>
              {captchaOn && (
                <Form.Item>
                  <div className="captcha-row">
                    <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                      <Input prefix={<SafetyCertificateOutlined />} placeholder={t('login.captcha')} maxLength={8} autoComplete="off" />
                    </Form.Item>
                    <button type="button" className="captcha-img" title={t('login.refreshCaptcha')} onClick={() => void refreshCaptcha()}>
                      {captcha ? <img src={captcha.image} alt={t('login.captcha')} /> : <span>{t('common.loading')}</span>}
                    </button>
                  </div>
                </Form.Item>
              )}
              <Form.Item name="remember" valuePropName="checked">
                <Checkbox>{t('login.remember')}</Checkbox>
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy} className="login-submit">
                {busy ? t('login.submitting') : t('login.submit')}
              </Button>
            </Form>
          </div>
        </section>
      </main>
      <footer className="login-footer">
        © {new Date().getFullYear()} {title} · {t('site.copyright')}
      </footer>
    </div>
  );
}
