// 轮播图 (/portalManage/slideshow, portal_slideshow): the slideshow types (a group of slides found by
// its code, e.g. the index's hero) beside the slides of the chosen type — each an uploaded image
// (put-file; png or jpeg up to 10 MB) with its caption, link and open way.
import { useEffect, useMemo, useState } from 'react';
import { Card, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { slideshowModel, slideshowTypeModel } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { allOf, nameOf, slideshowApi, slideshowTypeApi, type Slideshow, type SlideshowType } from './api';
import { imageColumn } from './fieldColumns';
import './manage.css';

export default function SlideshowPage() {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<SlideshowType | null>(null);
  const types = useQuery({ queryKey: ['portalManage', 'slideshowTypes'], queryFn: () => allOf(slideshowTypeApi), staleTime: 10_000 });
  // the first type is shown at once (most sites have one or two)
  useEffect(() => {
    if (!type && types.data?.length) setType(types.data[0]);
  }, [type, types.data]);
  const typeResource = useMemo(
    () =>
      modelResource<SlideshowType>(slideshowTypeModel, slideshowTypeApi, {
        onRowClick: (row) => setType(row as unknown as SlideshowType),
        activeKey: type?.id,
        search: false,
        // a narrow pane: name, code and state; the rest is in the edit dialog
        hideView: true,
        fields: { typeName: { width: 140 }, typeCode: { width: 100 }, interval: { hideInTable: true }, sort: { hideInTable: true } },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [type?.id, i18n.language],
  );
  const slides = useMemo(() => {
    if (!type) return null;
    return modelResource<Slideshow>(slideshowModel, slideshowApi, {
      subtitle: type.typeName,
      params: { typeId_equal: type.id },
      formWidth: 760,
      fields: {
        typeId: {
          search: undefined,
          hideInTable: true,
          form: { type: 'select', default: type.id, loadOptions: async () => (types.data ?? (await allOf(slideshowTypeApi))).map((x) => ({ label: x.typeName, value: String(x.id) })) },
        },
        title: { render: (r) => nameOf({ name: r.title as string, nameEn: r.titleEn as string }) || '-' },
        imageUrl: { ...imageColumn(), width: 130 },
        openWay: { hideInTable: true },
        linkUrl: { width: 180 },
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type, types.data, i18n.language]);
  return (
    <div className="pm-page pm-slideshow dict-layout-side" data-testid="pm-slideshow">
      <ResourceList resource={typeResource} />
      {slides ? (
        <div className="pm-slides">
          <ResourceList key={type!.id} resource={slides} />
        </div>
      ) : (
        <Card className="pm-slides">
          <Empty description={t('portalManage.slideshow.chooseType')} />
        </Card>
      )}
    </div>
  );
}
