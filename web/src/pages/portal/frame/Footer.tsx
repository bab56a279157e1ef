// The portal footer (§2.4): links (home, the hall, the site's footerLinks), the contact lines of the
// portal config and the copyright line.
import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isExternal, localName, openAddress, siteHref } from './links';
import { portalApi, usePortalQuery } from '../public-api';
import type { FooterLink, PortalConfig } from '../types';

function footerLinks(config: PortalConfig): FooterLink[] {
  try {
    const list = JSON.parse(config.footerLinks || '[]') as unknown;
    return Array.isArray(list) ? list.filter((l): l is FooterLink => !!l && typeof l === 'object' && typeof (l as FooterLink).name === 'string' && typeof (l as FooterLink).url === 'string') : [];
  } catch {
    return [];
  }
}

export function PortalFooter({ config, title }: { config: PortalConfig; title: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  // the footer group of 网址管理 (managed as rows), after the config's own footerLinks
  const managed = usePortalQuery('links', ['footer'], () => portalApi.links('footer'), { enabled: config.openPortal === '1' });
  const links: FooterLink[] = [
    { name: t('portal.footer.home'), url: '/portal/index' },
    { name: t('portal.footer.hall'), url: '/portal/hall' },
    ...footerLinks(config).map((l) => ({ ...l, name: localName(l.name, l.nameEn, i18n.language) })),
    ...(managed.data ?? []).map((l) => ({ name: localName(l.name, l.nameEn ?? undefined, i18n.language), url: l.url })),
  ].filter((l, i, all) => all.findIndex((o) => o.url === l.url) === i);
  const copyright = (en ? config.copyrightEn || config.copyright : config.copyright) || t('portal.footer.copyright', { year: new Date().getFullYear(), name: title });
  const contact = [
    config.contactPhone && { icon: <PhoneOutlined />, text: config.contactPhone, key: 'phone' },
    config.contactEmail && { icon: <MailOutlined />, text: config.contactEmail, key: 'mail' },
    config.address && { icon: <EnvironmentOutlined />, text: config.address, key: 'address' },
  ].filter((x): x is { icon: JSX.Element; text: string; key: string } => !!x);
  const subtitle = en ? config.heroSubtitleEn || config.heroSubtitle : config.heroSubtitle;

  return (
    <footer className="pt-footer" data-testid="portal-footer">
      <div className="pt-wrap pt-footer-grid">
        <div className="pt-footer-brand">
          <div className="pt-footer-name">{title}</div>
          <p>{subtitle || t('portal.footer.about')}</p>
        </div>
        <div>
          <h4>{t('portal.footer.links')}</h4>
          <ul className="pt-footer-links">
            {links.map((l) => (
              <li key={`${l.name}-${l.url}`}>
                <a href={isExternal(l.url) ? l.url : siteHref(l.url)} target={isExternal(l.url) ? '_blank' : undefined} rel="noreferrer"
                  onClick={(e) => { if (!isExternal(l.url)) { e.preventDefault(); openAddress(l.url, 1); window.scrollTo(0, 0); } }}>
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4>{t('portal.footer.contact')}</h4>
          {contact.length ? (
            <ul className="pt-footer-contact">
              {contact.map((c) => <li key={c.key}>{c.icon}<span>{c.text}</span></li>)}
            </ul>
          ) : (
            <p className="pt-footer-muted">{t('portal.footer.noContact')}</p>
          )}
        </div>
      </div>
      <div className="pt-footer-bottom">
        <div className="pt-wrap">{copyright}</div>
      </div>
    </footer>
  );
}
