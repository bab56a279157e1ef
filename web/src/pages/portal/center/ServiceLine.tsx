// A service as one line of a short list (favourites, recent visits, online handling): its icon, name,
// category or department, and the 办理 button; the name opens its guide.
import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PortalIcon } from '../frame/icons';
import { handleService } from '../service/handle';
import type { ServiceCard } from '../types';
import { useLocalName } from './shared';

export function ServiceLine({ card, end }: { card: ServiceCard; end?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const local = useLocalName();
  const name = local(card.name, card.nameEn);
  const refused = card.canHandle === false;
  return (
    <li className="pc-line" data-testid="pc-service-line" onClick={() => navigate(`/portal/service/introduce?id=${card.id}`)}>
      <PortalIcon icon={card.icon} name={card.name} colour={card.color} size={32} tone="solid" />
      <div className="pc-line-body">
        <div className="pc-line-name" title={name}>{name}</div>
        <div className="pc-line-sub">{[local(card.categoryName, card.categoryNameEn), card.deptName].filter(Boolean).join(' · ') || '\u00a0'}</div>
      </div>
      <div className="pc-line-end">
        {end}
        <Tooltip title={refused ? card.refusal : undefined}>
          <Button size="small" type={refused ? 'default' : 'primary'} ghost={!refused} onClick={(e) => { e.stopPropagation(); void handleService(card); }}>
            {t('portalCenter.service.handle')}
          </Button>
        </Tooltip>
      </div>
    </li>
  );
}
