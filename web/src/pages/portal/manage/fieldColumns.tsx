// What the portal's lists add to the columns their models generate: an icon picker and the icon in
// the table, a colour, an uploaded image and its thumbnail, an ordered list of services, a select of
// the floors, a service, a status switch.
import { useQuery } from '@tanstack/react-query';
import type { FieldSpec, ResourceColumn } from '../../../components/ResourceList';
import { allOf, floorApi, nameOf, serviceApi, type Service } from './api';
import { IconPicker, IconView } from './fields/IconPicker';
import { ImageUpload } from './fields/ImageUpload';
import { ServiceIdsField, ServiceSelect } from './fields/ServicePicker';
import { ColorInput, colorSwatch, thumbnail } from './fields/small';

/** What a list's `fields` entry adds (any model's: the column's own dataIndex stays). */
type Override = Omit<Partial<ResourceColumn<Record<string, unknown>>>, 'dataIndex'>;

/** A name column in the reader's language (the English name when a row has one). */
export const nameColumn: Override = { render: (r) => nameOf(r as { name?: string; nameEn?: string }) || '-' };
export const iconColumn: Override = { render: (r) => <IconView value={r.icon as string} size={18} />, form: { type: 'custom', component: IconPicker } };
export const colorColumn: Override = { render: (r) => colorSwatch(r.color), form: { type: 'custom', component: ColorInput } };
export const imageColumn = (field = 'imageUrl'): Override => ({ render: (r) => thumbnail(r[field]), form: { type: 'custom', component: ImageUpload } });
export const serviceIdsForm: FieldSpec = { type: 'custom', component: ServiceIdsField, span: 24 };
export const serviceIdsColumn: Override = { form: serviceIdsForm };
export const serviceForm: FieldSpec = { type: 'custom', component: ServiceSelect };
/** The service a row names (serviceName / serviceNameEn when the list adds them). */
export const serviceNameOf = (r: Record<string, unknown>) => (r.serviceName ? nameOf({ name: r.serviceName as string, nameEn: r.serviceNameEn as string }) : undefined);
export const serviceColumn: Override = { render: (r) => <ServiceName id={r.serviceId as string} name={serviceNameOf(r)} />, form: serviceForm };
/** The floors as the options of a select (their names are data). */
export const floorSelect: Override = { form: { type: 'select', loadOptions: async () => (await allOf(floorApi)).map((f) => ({ label: nameOf(f), value: String(f.id) })) } };

/** A service's name from its id (the list rows carry ids): one list of the tenant's services for all rows, a detail for one not in it. */
export function ServiceName({ id, name }: { id?: string | null; name?: string | null }) {
  const index = useQuery({ queryKey: ['portalManage', 'serviceIndex'], queryFn: () => allOf(serviceApi), enabled: !name, staleTime: 30_000 });
  const known = index.data?.find((s) => String(s.id) === String(id));
  const one = useQuery({ queryKey: ['portalManage', 'serviceOne', id], queryFn: () => serviceApi.detail(String(id)), enabled: !!id && !name && index.isFetched && !known, staleTime: 60_000 });
  if (name) return <span>{name}</span>;
  const s: Service | null | undefined = known ?? one.data;
  return <span>{s ? nameOf(s) : id ? String(id) : '-'}</span>;
}

/** How many services a comma list holds. */
export const serviceCount = (v: unknown) => String(v ?? '').split(',').filter(Boolean).length;
