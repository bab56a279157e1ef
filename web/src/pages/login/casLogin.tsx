import { useEffect } from 'react';
import { Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { casVerify } from '../../api/auth';
import { completeLogin } from '../../shell/session';
import { website } from '../../website';

/** Single sign-on return: the server verifies the ticket and answers the token object. */
export default function CasLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const ticket = query.get('ticket') ?? '';
  const toUrl = query.get('toUrl') || website.firstPage.value;

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        if (!ticket) throw new Error(t('cas.failed'));
        const answer = await casVerify(ticket, toUrl);
        if (!answer?.access_token) throw new Error(t('cas.failed'));
        await completeLogin(answer);
        if (!cancelled) navigate(/^https?:/i.test(toUrl) ? website.firstPage.value : toUrl, { replace: true });
      } catch (e) {
        if (!cancelled) navigate(`/loginError?desc=${encodeURIComponent((e as Error).message || t('cas.failed'))}`, { replace: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [ticket, toUrl, navigate, t]);

  return (
    <div className="full-spin column">
      <Spin size="large" />
      <p>{t('cas.verifying')}</p>
    </div>
  );
}
