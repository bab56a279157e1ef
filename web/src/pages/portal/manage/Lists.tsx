// The portal's plain lists (menus under 门户管理): each is the shared list screen of its model
// (@campus/schema, its columns, search, form, messages and permission codes), with the pickers its
// fields need — icons, colours, images, services, the department of a 直通部门.
import { useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  aphorismModel, newsSourceModel, serviceCategoryModel, servicePackageModel, shortcutEntranceModel, throughDeptModel, throughTrainModel, urlManageModel,
} from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { deptTree } from '../../../api/message';
import { aphorismApi, categoryApi, newsSourceApi, packageApi, shortcutApi, throughDeptApi, throughTrainApi, urlApi } from './api';
import { colorColumn, iconColumn, nameColumn, imageColumn, serviceColumn, serviceCount, serviceForm, serviceIdsColumn } from './fieldColumns';
import './manage.css';

function Page<T extends object>({ make, testId }: { make: () => ResourceDescription<T>; testId: string }) {
  const [resource] = useState(make);
  return (
    <div className="pm-page" data-testid={testId}>
      <ResourceList resource={resource} />
    </div>
  );
}

function Count({ v }: { v: unknown }) {
  const { t } = useTranslation();
  const n = serviceCount(v);
  return n ? <span>{t('portalManage.picker.count', { n })}</span> : <Typography.Text type="secondary">-</Typography.Text>;
}

/** 服务分类 (/portalManage/serviceCategory, portal_serviceCategory). */
export function CategoryPage() {
  return <Page testId="pm-category" make={() => modelResource(serviceCategoryModel, categoryApi, { fields: { name: nameColumn, icon: iconColumn, color: colorColumn } })} />;
}

/** 服务套餐 (/portalManage/servicePackage, portal_service): "one thing" packages of several services. */
export function PackagePage() {
  return (
    <Page
      testId="pm-package"
      make={() => modelResource(servicePackageModel, packageApi, {
        formWidth: 760,
        fields: { name: nameColumn, icon: iconColumn, imageUrl: imageColumn(), serviceIds: { ...serviceIdsColumn, hideInTable: false, width: 110, render: (r) => <Count v={r.serviceIds} /> } },
      })}
    />
  );
}

/** 直通部门 (/portalManage/throughDept, portal_service): a department of the organisation chosen from its tree. */
export function ThroughDeptPage() {
  return (
    <Page
      testId="pm-through-dept"
      make={() => modelResource(throughDeptModel, throughDeptApi, {
        fields: {
          deptId: { search: undefined, render: (r) => String(r.deptName ?? r.name ?? r.deptId ?? '-'), form: { type: 'treeSelect', loadTree: () => deptTree(), span: 12 } },
          name: nameColumn,
          icon: iconColumn,
        },
      })}
    />
  );
}

/** 快捷入口 (/portalManage/shortcutEntrance, portal_shortcut): a service or a link under the hero. */
export function ShortcutPage() {
  return (
    <Page
      testId="pm-shortcut"
      make={() => modelResource(shortcutEntranceModel, shortcutApi, {
        fields: { name: nameColumn, icon: iconColumn, color: colorColumn, serviceId: { ...serviceColumn, hideInTable: false, width: 160, form: { ...serviceForm, help: 'portalManage.shortcut.serviceHelp' } }, url: { form: { help: 'portalManage.shortcut.urlHelp' } } },
      })}
    />
  );
}

/** 直通车 (/portalManage/throughTrain, portal_throughTrain). */
export function ThroughTrainPage() {
  return <Page testId="pm-through-train" make={() => modelResource(throughTrainModel, throughTrainApi, { fields: { name: nameColumn, icon: iconColumn, color: colorColumn } })} />;
}

/** 网址管理 (/portalManage/urlManage, portal_url): footer, partner and floor links. */
export function UrlPage() {
  return <Page testId="pm-url" make={() => modelResource(urlManageModel, urlApi, { fields: { name: nameColumn, icon: iconColumn } })} />;
}

/** 新闻来源 (/portalManage/newsSource, portal_news). */
export function NewsSourcePage() {
  return (
    <Page
      testId="pm-news"
      make={() => modelResource(newsSourceModel, newsSourceApi, {
        fields: {
          name: nameColumn,
          noticeCategory: { form: { help: 'portalManage.news.categoryHelp', visible: (v) => v.sourceType === 'notice', dependencies: ['sourceType'] } },
          url: { form: { visible: (v) => v.sourceType === 'link', dependencies: ['sourceType'], required: true, requiredMessage: 'portalManage.news.urlRequired' } },
        },
      })}
    />
  );
}

/** 名言警句 (/portalManage/aphorism, portal_aphorism). */
export function AphorismPage() {
  return <Page testId="pm-aphorism" make={() => modelResource(aphorismModel, aphorismApi, { sort: { descs: 'create_time' } })} />;
}
