// A service as the portal's lists show it (index floors, the hall, packages, signed-in pages): its icon,
// name, summary, department and how it is handled; the card opens the guide, 办理 handles it (§4).
import { useState, type MouseEvent } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { ExportOutlined, HeartFilled, LockOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { serviceManageModel, textOf, type Lang } from '@campus/schema';
import { PortalIcon } from '../frame/icons';
import { localName } from '../frame/links';
import { handleService } from './handle';
import type { ServiceCard as Card } from '../types';
import './service.css';

/** The guide page of a service. */
export const introduceRoute = (id: string) => `/portal/service/introduce?id=${encodeURIComponent(id)}`;

/** An option label of a service field (handleType, itemWay, validityMode) in the reader's language. */
export function optionLabel(field: 'handleType' | 'itemWay' | 'validityMode' | 'openWay', value: unknown, language: string): string {
  const f = serviceManageModel.fields[field] as { options?: readonly { value: number; label: readonly [string, string] }[] };
  const o = f.options?.find((x) => x.value === Number(value));
  return o ? textOf(o.label as [string, string], (language === 'en' ? 'en' : 'zh') as Lang) : '';
}

const HANDLE_COLOURS: Record<number, string> = { 1: 'green', 2: 'default', 3: 'blue' };

/** The small tags of a service: where it is handled, an external address, not handleable now. */
export function ServiceTags({ card, external = true }: { card: Card; external?: boolean }) {
  const { t, i18n } = useTranslation();
  const handle = Number(card.handleType) || 1;
  return (
    <span className="sv-tags">
      <Tag bordered={false} color={HANDLE_COLOURS[handle]}>{optionLabel('handleType', handle, i18n.language)}</Tag>
      {external && Number(card.itemWay) === 2 && <Tag bordered={false} color="orange" icon={<ExportOutlined />}>{t('portal.service.external')}</Tag>}
      {card.canHandle === false && (
        <Tooltip title={card.refusal}>
          <Tag bordered={false} color="red" icon={<LockOutlined />} data-testid="service-refused-tag">{t('portal.service.notNow')}</Tag>
        </Tooltip>
      )}
    </span>
  );
}

/**
 * variant 'card' (grid tile, default), 'row' (a line of a list, with the summary and 办理), 'mini'
 * (icon and name only, for tight lists). rank: a number badge (hot lists).
 */
export default function ServiceCard({ card, variant = 'card', rank, hideHandle = false }: { card: Card; variant?: 'card' | 'row' | 'mini'; rank?: number; hideHandle?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const name = localName(card.name, card.nameEn, i18n.language);
  const dept = card.deptName ?? '';
  const summary = (i18n.language === 'en' && (card as Card & { summaryEn?: string | null }).summaryEn?.trim()) || card.summary;
  const open = () => navigate(introduceRoute(card.id));
  const handle = async (e: MouseEvent) => {
    e.stopPropagation();
    setBusy(true);
    try {
      await handleService(card);
    } finally {
      setBusy(false);
    }
  };
  const online = Number(card.handleType) !== 2;
  const handleButton = !hideHandle && online && (
    <Button size="small" type={variant === 'row' ? 'primary' : 'default'} className="sv-handle" loading={busy} onClick={handle} data-testid="service-handle">
      {t('portal.service.handle')}
    </Button>
  );

  if (variant === 'mini') {
    return (
      <button type="button" className="sv-mini" onClick={open} data-testid="service-card" data-id={card.id} title={name}>
        {rank !== undefined && <span className={`sv-rank r${Math.min(rank, 4)}`}>{rank}</span>}
        <PortalIcon icon={card.icon} name={card.name} colour={card.color} size={32} />
        <span className="sv-mini-name">{name}</span>
        <RightOutlined className="sv-mini-arrow" />
      </button>
    );
  }
  return (
    <div
      className={`sv-card sv-${variant}`}
      role="link"
      tabIndex={0}
      onClick={open}
      onKeyDown={(e) => { if (e.key === 'Enter') open(); }}
      data-testid="service-card"
      data-id={card.id}
    >
      <PortalIcon icon={card.icon} name={card.name} colour={card.color} size={variant === 'row' ? 48 : 46} />
      <div className="sv-body">
        <div className="sv-name-line">
          <span className="sv-name" title={name}>{name}</span>
          {Number(card.itemWay) === 2 && variant === 'card' && (
            <Tooltip title={t('portal.service.external')}><ExportOutlined className="sv-external" aria-label={t('portal.service.external')} /></Tooltip>
          )}
          {card.collected && <HeartFilled className="sv-collected" aria-label={t('portal.service.collected')} />}
        </div>
        {summary && <p className="sv-summary" title={summary}>{summary}</p>}
        <div className="sv-meta">
          <ServiceTags card={card} external={variant !== 'card'} />
          {dept && <span className="sv-dept" title={dept}>{dept}</span>}
        </div>
      </div>
      {handleButton && <div className="sv-actions">{handleButton}</div>}
    </div>
  );
}
