import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../components/ResourceList';
import { appResource } from './appResource';

/** 服务应用: the remote platforms this one calls, with how it authenticates there. */
export default function ServiceAppPage() {
  const { i18n } = useTranslation();
  const resource = useMemo(() => appResource('app'), [i18n.language]);
  return <ResourceList resource={resource} />;
}
