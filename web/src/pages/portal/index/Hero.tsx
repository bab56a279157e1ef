// The index hero: the slideshow of the 'index' slideshow type (else the first type), switching at the
// type's interval, under the site's title, the service search and the hot searches. The hall's banner
// draws its 'hall' slides the same way (Slides).
import { Carousel } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../frame/SearchBox';
import { localName, openAddress } from '../frame/links';
import type { PortalConfig, SlideshowType } from '../types';
import './slides.css';

/** The slideshow type a page shows: the one of its code, else (fallback) the first. */
export function pickSlides(types: SlideshowType[] | undefined, code: string, fallback = true): SlideshowType | undefined {
  return types?.find((x) => x.typeCode === code) ?? (fallback ? types?.[0] : undefined);
}

/** Slides without an image of their own are drawn in these. */
const GRADIENTS = [
  'linear-gradient(120deg, #0b2a5e 0%, #1d5bd8 55%, #3fa0ff 100%)',
  'linear-gradient(120deg, #12305f 0%, #2a4fb8 50%, #7b5cf5 100%)',
  'linear-gradient(120deg, #083b4c 0%, #0f6f8f 55%, #22b3c9 100%)',
];

/**
 * The slides of a slideshow type as a band's background (the index hero, the hall banner), switching
 * at the type's interval, each with its caption (title, subtitle, 查看更多 its link); a gradient when
 * the type has none.
 */
export function Slides({ type, className = '' }: { type?: SlideshowType; className?: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const slides = type?.list ?? [];
  const interval = Math.min(9_999_999, Math.max(100, Number(type?.interval) || 3000));
  return (
    <div className={`ix-hero-slides ${className}`}>
      {slides.length ? (
        <Carousel autoplay={slides.length > 1} autoplaySpeed={interval} effect="fade" dots={{ className: 'ix-hero-dots' }} data-testid="portal-carousel">
          {slides.map((s, i) => (
            <div key={s.id}>
              <div className="ix-slide" style={{ backgroundImage: `${s.imageUrl ? `url("${s.imageUrl.replace(/"/g, '%22')}"), ` : ''}${GRADIENTS[i % GRADIENTS.length]}` }} data-testid="portal-slide">
                <div className="ix-slide-caption">
                  <b>{localName(s.title, s.titleEn, i18n.language)}</b>
                  {(en ? s.subtitleEn || s.subtitle : s.subtitle) && <span>{en ? s.subtitleEn || s.subtitle : s.subtitle}</span>}
                  {s.linkUrl && (
                    <button type="button" onClick={() => openAddress(s.linkUrl, s.openWay)}>
                      {t('portal.index.more')} <RightOutlined />
                    </button>
                  )}
                </div>
              </div>
            </div>
          ))}
        </Carousel>
      ) : (
        <div className="ix-slide" style={{ backgroundImage: GRADIENTS[0] }} />
      )}
    </div>
  );
}

export function Hero({ config, type, title }: { config: PortalConfig; type?: SlideshowType; title: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const heroTitle = (en ? config.heroTitleEn || config.heroTitle : config.heroTitle) || t('portal.index.heroTitle', { name: title });
  const heroSub = (en ? config.heroSubtitleEn || config.heroSubtitle : config.heroSubtitle) || t('portal.index.heroSubtitle');

  return (
    <section className="ix-hero" data-testid="portal-hero">
      <Slides type={type} />
      <div className="pt-wrap ix-hero-content">
        <h1 className="ix-hero-title">{heroTitle}</h1>
        <p className="ix-hero-sub">{heroSub}</p>
        <SearchBox />
      </div>
    </section>
  );
}
