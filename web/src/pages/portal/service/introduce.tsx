// /portal/service/introduce?id= — a service's guide (办事指南): the facts (time limit, department,
// where and how it is handled, office, contact, fee, validity), the guide text, the materials, the
// steps and the basis; 在线办理 (handleService) and 收藏 (signed in: updateCollect). Public: an
// anonymous visitor reads serviceManage/noLogin/detail; a signed-in one getDetailByServiceId (with
// canHandle / refusal / collected, and the visit recorded).
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Result, Skeleton, Steps, Tag, message } from 'antd';
import {
  ApartmentOutlined, CalendarOutlined, ClockCircleOutlined, DollarOutlined, EnvironmentOutlined, ExportOutlined, HeartFilled, HeartOutlined,
  LaptopOutlined, PhoneOutlined, RightOutlined, SendOutlined, UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/store';
import PortalFrame, { portalTitle } from '../frame/PortalFrame';
import { loginRoute } from '../frame/Header';
import { PortalIcon } from '../frame/icons';
import { localName } from '../frame/links';
import { portalApi, usePortalConfig, usePortalKey, usePortalQuery } from '../public-api';
import ServiceCard, { optionLabel } from './ServiceCard';
import { handleService } from './handle';
import type { ServiceCard as Card, ServiceMaterial, ServiceStep } from '../types';
import './service.css';

/** A JSON list field of the guide (materials, steps): the stored text or an already parsed list. */
function listOf<T extends { name: string }>(value: unknown): T[] {
  let v = value;
  if (typeof value === 'string') {
    if (!value.trim()) return [];
    try {
      v = JSON.parse(value);
    } catch {
      // plain lines rather than JSON: one entry a line
      return value.split(/\r?\n/).map((s) => s.trim()).filter(Boolean).map((name) => ({ name }) as T);
    }
  }
  if (!Array.isArray(v)) return [];
  return v.flatMap((x) => (typeof x === 'string' ? [{ name: x } as T] : x && typeof x === 'object' && typeof (x as T).name === 'string' ? [x as T] : []));
}

/**
 * Whether a material must be brought: the management screen stores required: boolean, older rows 1 / 0
 * (or their text); a plain-text material (no flag) counts as required.
 */
function isRequired(v: unknown): boolean {
  return !(v === false || v === 0 || v === '0' || v === 'false');
}

/** A material's copies: the management screen stores a number (1 → '1 份'), older rows a text ('原件 1 份'). */
function copiesText(v: unknown, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v === 1 ? t('portal.guide.copiesOne') : t('portal.guide.copiesN', { n: v });
  return typeof v === 'string' ? v.trim() : '';
}

/** The validity of a service in words (§4 modes 1, 2, 4, 5, 6). */
export function validityText(s: Pick<Card, 'validityMode' | 'validityStart' | 'validityEnd' | 'validityDates'>, t: (k: string, o?: Record<string, unknown>) => string): string {
  const mode = Number(s.validityMode) || 1;
  const from = s.validityStart ?? '';
  const to = s.validityEnd ?? '';
  if (mode === 2) return t('portal.validity.daily', { from, to });
  if (mode === 4) return t('portal.validity.monthly', { from, to });
  if (mode === 5) return t('portal.validity.yearly', { from, to });
  if (mode === 6) return t('portal.validity.dates', { dates: (s.validityDates ?? '').split(',').map((d) => d.trim()).filter(Boolean).join(t('portal.validity.sep')) });
  return t('portal.validity.always');
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="pt-panel" data-testid={`guide-${id}`}>
      <h2 className="pt-panel-title">{title}</h2>
      {children}
    </section>
  );
}

function Guide({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const base = usePortalKey();
  const signedIn = useSession((s) => !!s.token);
  const config = usePortalConfig();
  const site = portalTitle(config.data, i18n.language);
  const detail = usePortalQuery('service', [id, signedIn], () => (signedIn ? portalApi.detailSignedIn(id) : portalApi.serviceDetail(id)), { enabled: !!id, staleTime: signedIn ? 0 : undefined });
  const s = detail.data;
  const related = usePortalQuery('services', [{ categoryId: s?.categoryId, current: 1, size: 7 }], () => portalApi.services({ categoryId: s!.categoryId, current: 1, size: 7 }), { enabled: !!s?.categoryId });
  const [busy, setBusy] = useState<'' | 'handle' | 'collect'>('');
  const name = s ? localName(s.name, s.nameEn, i18n.language) : '';
  useEffect(() => {
    if (name) document.title = `${name} - ${site}`;
  }, [name, site]);
  // (scrollTo answers a promise in newer browsers: an effect must return nothing but its clean-up)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  if (detail.isLoading) return <div className="pt-wrap" style={{ padding: '40px 24px' }}><Skeleton active paragraph={{ rows: 10 }} /></div>;
  if (!s) {
    return (
      <div className="pt-wrap si-missing" data-testid="guide-missing">
        <Result status="404" title={t('portal.guide.missing')} subTitle={detail.error?.message}
          extra={<Button type="primary" onClick={() => navigate('/portal/hall')}>{t('portal.guide.toHall')}</Button>} />
      </div>
    );
  }

  const materials = listOf<ServiceMaterial>(s.materials);
  const steps = listOf<ServiceStep>(s.steps);
  const en = i18n.language === 'en';
  /** A guide text in the reader's language: <field>En on an English page when it is filled in. */
  const tx = (field: 'summary' | 'introduce' | 'timeLimit' | 'handleAddress' | 'contactPerson' | 'fee' | 'basis'): string | undefined => {
    const row = s as unknown as Record<string, string | null | undefined>;
    return (en ? row[`${field}En`]?.trim() || row[field] : row[field]) ?? undefined;
  };
  const handleType = Number(s.handleType) || 1;
  const online = handleType !== 2;
  const facts: { key: string; icon: ReactNode; label: string; value?: string | null }[] = [
    { key: 'timeLimit', icon: <ClockCircleOutlined />, label: t('portal.guide.timeLimit'), value: tx('timeLimit') },
    { key: 'dept', icon: <ApartmentOutlined />, label: t('portal.guide.dept'), value: s.deptName },
    { key: 'handleType', icon: <LaptopOutlined />, label: t('portal.guide.handleType'), value: optionLabel('handleType', handleType, i18n.language) },
    { key: 'address', icon: <EnvironmentOutlined />, label: t('portal.guide.address'), value: tx('handleAddress') },
    { key: 'contact', icon: <UserOutlined />, label: t('portal.guide.contact'), value: tx('contactPerson') },
    { key: 'phone', icon: <PhoneOutlined />, label: t('portal.guide.phone'), value: s.contactPhone },
    { key: 'fee', icon: <DollarOutlined />, label: t('portal.guide.fee'), value: tx('fee') || t('portal.guide.free') },
    { key: 'validity', icon: <CalendarOutlined />, label: t('portal.guide.validity'), value: validityText(s, t) },
    { key: 'code', icon: <ExportOutlined />, label: t('portal.guide.code'), value: s.serviceCode },
  ];
  const sections = [
    { id: 'facts', title: t('portal.guide.facts') },
    s.introduce ? { id: 'introduce', title: t('portal.guide.introduce') } : null,
    { id: 'materials', title: t('portal.guide.materials') },
    { id: 'steps', title: t('portal.guide.steps') },
    s.basis ? { id: 'basis', title: t('portal.guide.basis') } : null,
  ].filter((x): x is { id: string; title: string } => !!x);

  const handle = async () => {
    setBusy('handle');
    try {
      await handleService(s);
    } finally {
      setBusy('');
    }
  };
  const collect = async () => {
    if (!signedIn) {
      navigate(loginRoute(`/portal/service/introduce?id=${encodeURIComponent(id)}`));
      return;
    }
    setBusy('collect');
    try {
      const r = await portalApi.updateCollect(id);
      client.setQueryData([...base, 'service', id, signedIn], { ...s, collected: r.collected });
      message.success(t(r.collected ? 'portal.guide.collectedDone' : 'portal.guide.uncollectedDone'));
      // the lists showing this service's heart ask again
      void client.invalidateQueries({ queryKey: [...base, 'services'] });
    } catch {
      /* the request layer showed the message */
    } finally {
      setBusy('');
    }
  };

  return (
    <div className="si-page" data-testid="portal-guide" data-id={s.id}>
      <div className="si-banner">
        <div className="pt-wrap">
          <nav className="si-crumbs" aria-label="breadcrumb">
            <button type="button" onClick={() => navigate('/portal/index')}>{t('portal.footer.home')}</button>
            <RightOutlined style={{ fontSize: 10 }} />
            <button type="button" onClick={() => navigate('/portal/hall')}>{t('portal.footer.hall')}</button>
            {s.categoryName && (
              <>
                <RightOutlined style={{ fontSize: 10 }} />
                <button type="button" onClick={() => navigate(`/portal/hall?categoryId=${s.categoryId}`)}>{localName(s.categoryName, s.categoryNameEn, i18n.language)}</button>
              </>
            )}
          </nav>
          <div className="si-head">
            <PortalIcon icon={s.icon} name={s.name} colour={s.color} size={68} tone="white" />
            <div>
              <h1 data-testid="guide-name">{name}</h1>
              {tx('summary') && <p>{tx('summary')}</p>}
              <div className="si-head-tags">
                <Tag>{optionLabel('handleType', handleType, i18n.language)}</Tag>
                {s.deptName && <Tag>{s.deptName}</Tag>}
                {Number(s.itemWay) === 2 && <Tag icon={<ExportOutlined />}>{t('portal.service.external')}</Tag>}
              </div>
            </div>
          </div>
        </div>
      </div>
      <div className="pt-wrap si-layout">
        <div className="si-main">
          <nav className="si-nav">
            {sections.map((x) => (
              <button key={x.id} type="button" onClick={() => document.getElementById(x.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>{x.title}</button>
            ))}
          </nav>
          <Section id="facts" title={t('portal.guide.facts')}>
            <dl className="si-facts">
              {facts.map((f) => (
                <div key={f.key} className="si-fact" data-testid={`guide-fact-${f.key}`}>
                  {f.icon}
                  <div>
                    <dt>{f.label}</dt>
                    <dd>{f.value?.trim() ? f.value : t('portal.guide.none')}</dd>
                  </div>
                </div>
              ))}
            </dl>
          </Section>
          {s.introduce && (
            <Section id="introduce" title={t('portal.guide.introduce')}>
              <p className="si-text">{tx('introduce')}</p>
            </Section>
          )}
          <Section id="materials" title={t('portal.guide.materials')}>
            {materials.length ? (
              <table className="si-materials" data-testid="guide-materials-table">
                <thead>
                  <tr>
                    <th>#</th><th>{t('portal.guide.materialName')}</th><th className="si-wide">{t('portal.guide.copies')}</th>
                    <th className="si-wide">{t('portal.guide.note')}</th><th>{t('portal.guide.required')}</th>
                  </tr>
                </thead>
                <tbody>
                  {materials.map((m, i) => {
                    const copies = copiesText(en ? m.copiesEn || m.copies : m.copies, t);
                    const note = (en ? m.noteEn || m.note : m.note)?.toString().trim();
                    return (
                      <tr key={`${m.name}-${i}`} data-testid="guide-material">
                        <td>{i + 1}</td>
                        <td>
                          {localName(m.name, m.nameEn, i18n.language)}
                          {/* a phone shows copies and note under the name (their columns are hidden) */}
                          {(copies || note) && <span className="si-narrow note">{[copies, note].filter(Boolean).join(' · ')}</span>}
                        </td>
                        <td className="si-wide">{copies || '—'}</td>
                        <td className="si-wide si-note">{note || '—'}</td>
                        <td>{isRequired(m.required) ? <Tag color="red" bordered={false}>{t('portal.guide.mustHave')}</Tag> : <Tag bordered={false}>{t('portal.guide.optional')}</Tag>}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.guide.noMaterials')} />}
          </Section>
          <Section id="steps" title={t('portal.guide.steps')}>
            {steps.length ? (
              <Steps
                className="si-steps"
                direction="vertical"
                size="small"
                // every step is one to do, none is done: numbered, all alike
                items={steps.map((x) => ({ status: 'process' as const, title: localName(x.name, x.nameEn, i18n.language), description: (en ? x.descriptionEn || x.description : x.description) || undefined }))}
              />
            ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.guide.noSteps')} />}
          </Section>
          {s.basis && (
            <Section id="basis" title={t('portal.guide.basis')}>
              <p className="si-text">{tx('basis')}</p>
            </Section>
          )}
        </div>
        <aside className="si-side">
          <div className="pt-panel si-action" data-testid="guide-actions">
            {s.canHandle === false && <Alert type="warning" showIcon message={s.refusal || t('portal.service.refused')} data-testid="guide-refusal" />}
            {online ? (
              <Button type="primary" size="large" block icon={<SendOutlined />} loading={busy === 'handle'} onClick={handle} data-testid="guide-handle">
                {t('portal.guide.handleOnline')}
              </Button>
            ) : (
              <div className="si-offline">{t('portal.guide.offlineOnly', { address: s.handleAddress || t('portal.guide.none') })}</div>
            )}
            <Button size="large" block icon={s.collected ? <HeartFilled style={{ color: '#f5222d' }} /> : <HeartOutlined />} loading={busy === 'collect'} onClick={collect} data-testid="guide-collect" aria-pressed={!!s.collected}>
              {t(s.collected ? 'portal.guide.collected' : 'portal.guide.collect')}
            </Button>
            <p className="si-action-note">{signedIn ? t('portal.guide.noteSignedIn') : t('portal.guide.noteAnonymous')}</p>
          </div>
          {/* on a phone the actions stay at hand at the foot of the screen */}
          <div className="si-mobile-bar" data-testid="guide-actions-phone">
            {s.canHandle === false && <div className="si-mobile-refusal">{s.refusal || t('portal.service.refused')}</div>}
            <div className="si-mobile-buttons">
              <Button size="large" icon={s.collected ? <HeartFilled style={{ color: '#f5222d' }} /> : <HeartOutlined />} loading={busy === 'collect'} onClick={collect} aria-pressed={!!s.collected}
                aria-label={t(s.collected ? 'portal.guide.collected' : 'portal.guide.collect')} />
              {online && (
                <Button type="primary" size="large" block icon={<SendOutlined />} loading={busy === 'handle'} onClick={handle}>{t('portal.guide.handleOnline')}</Button>
              )}
            </div>
          </div>
          {!!related.data?.records.filter((r) => r.id !== s.id).length && (
            <div className="pt-panel">
              <h2 className="pt-panel-title">{t('portal.guide.related')}</h2>
              <div className="si-related">
                {related.data.records.filter((r) => r.id !== s.id).slice(0, 6).map((r) => <ServiceCard key={r.id} card={r} variant="mini" />)}
              </div>
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}

function IntroducePage() {
  const [query] = useSearchParams();
  const id = (query.get('id') ?? '').trim();
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!/^\d{1,19}$/.test(id)) {
    return (
      <div className="pt-wrap si-missing" data-testid="guide-missing">
        <Result status="404" title={t('portal.guide.missing')} extra={<Button type="primary" onClick={() => navigate('/portal/hall')}>{t('portal.guide.toHall')}</Button>} />
      </div>
    );
  }
  return <Guide key={id} id={id} />;
}

export default function PortalIntroduce() {
  return (
    <PortalFrame active="/portal/hall">
      <IntroducePage />
    </PortalFrame>
  );
}
