import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../components/ResourceList';
import { appResource } from './appResource';

/** 服务认证: the oauth2 service apps, their cached token and the token actions. */
export default function ServiceAuthPage() {
  const { i18n } = useTranslation();
  const resource = useMemo(() => appResource('auth'), [i18n.language]);
  return <ResourceList resource={resource} />;
}
