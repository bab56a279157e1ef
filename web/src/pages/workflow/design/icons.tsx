// The icons a model may carry (wf_model.icon holds the name); shown in the model list and chosen in its form.
import type { ComponentType } from 'react';
import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  FileDoneOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  MoneyCollectOutlined,
  ReadOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
} from '@ant-design/icons';

export const MODEL_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AuditOutlined,
  FileDoneOutlined,
  CalendarOutlined,
  SolutionOutlined,
  TeamOutlined,
  MoneyCollectOutlined,
  ShoppingCartOutlined,
  CarOutlined,
  BookOutlined,
  ReadOutlined,
  BankOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  ToolOutlined,
  TrophyOutlined,
};

export function ModelIcon({ name }: { name?: string | null }) {
  const Icon = MODEL_ICONS[name ?? ''] ?? ApartmentOutlined;
  return (
    <span className="wf-model-icon">
      <Icon />
    </span>
  );
}

/** A form control: the icon names as a grid of choices. */
export function IconChooser({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) {
  return (
    <div className="wf-icon-chooser" role="radiogroup">
      {Object.entries(MODEL_ICONS).map(([name, Icon]) => (
        <button
          type="button"
          key={name}
          role="radio"
          aria-checked={value === name}
          aria-label={name}
          className={value === name ? 'active' : ''}
          onClick={() => onChange?.(value === name ? '' : name)}
        >
          <Icon />
        </button>
      ))}
    </div>
  );
}
