import type { FieldOption } from '../../components/ResourceList';

/** 任务分组 (002 §3 jobPacket). */
export const jobPackets: FieldOption[] = [
  { label: 'job.packetSys', value: 'sys', color: 'blue' },
  { label: 'job.packetReport', value: 'report', color: 'green' },
  { label: 'job.packetCollector', value: 'collector', color: 'orange' },
  { label: 'job.packetFlow', value: 'flow', color: 'purple' },
];
