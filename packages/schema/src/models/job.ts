// Scheduled-job entities defined once (define.ts): the server's routes and the web's screens both come from these.
import { defineModel } from '../model/define.ts';

const JOB_PACKETS = [
  { value: 'sys', label: ['系统', 'System'], color: 'blue' },
  { value: 'report', label: ['报表', 'Report'], color: 'green' },
  { value: 'collector', label: ['采集', 'Collector'], color: 'orange' },
  { value: 'flow', label: ['流程', 'Workflow'], color: 'purple' },
] as const;

/** Scheduled jobs (002 §3): a registered handler (invokeTarget) fired on a cron; status 1 runs it. */
export const quartzJobModel = defineModel({
  name: 'quartzJob', table: 'blade_quartz_job', api: '/api/quartzJob/quartzJob', title: ['定时任务', 'Scheduled jobs'], tenant: true, permission: 'quartzJob',
  fields: {
    jobName: { type: 'string', label: ['任务名称', 'Job name'], length: 64, required: true, requiredMessage: ['请输入任务名称', 'Please enter the job name'], filter: 'like', ui: { width: 160, span: 12 } },
    jobPacket: {
      type: 'string', label: ['任务分组', 'Job group'], length: 32, required: true, default: 'sys', requiredMessage: ['请选择任务分组', 'Please select the job group'],
      filter: 'equal', ui: { width: 100, span: 12 },
      options: JOB_PACKETS,
    },
    invokeTarget: { type: 'string', label: ['调用目标', 'Invoke target'], length: 500, required: true, requiredMessage: ['请输入调用目标', 'Please enter the invoke target'], filter: 'like', ui: { width: 180 } },
    cronExpression: { type: 'string', label: ['cron执行表达式', 'Cron expression'], length: 255, required: true, requiredMessage: ['请输入cron执行表达式', 'Please enter the cron expression'], ui: { width: 150, span: 12 } },
    misfirePolicy: {
      type: 'int', label: ['执行策略', 'Misfire policy'], required: true, default: 1, requiredMessage: ['请选择执行策略', 'Please select the misfire policy'], ui: { hideInTable: true, span: 12 },
      options: [
        { value: 1, label: ['立即执行', 'Run immediately'] },
        { value: 2, label: ['执行一次', 'Run once'] },
        { value: 3, label: ['放弃执行', 'Abandon'] },
      ],
    },
    concurrent: {
      type: 'int', label: ['是否并发', 'Concurrent'], required: true, default: 1, requiredMessage: ['请选择是否并发', 'Please select whether runs may overlap'], ui: { hideInTable: true, span: 12, form: 'radio' },
      options: [
        { value: 0, label: ['允许', 'Allow'] },
        { value: 1, label: ['禁止', 'Forbid'] },
      ],
    },
    // a new job starts stopped; the row's switch (change-status) turns it on
    status: { type: 'int', label: ['状态', 'Status'], required: true, default: 0, min: 0, max: 1, filter: 'equal', ui: { width: 100, form: false, search: false } },
    lastFireTime: { type: 'datetime', label: ['上次执行', 'Last run'], readOnly: true, ui: { width: 170, search: false } },
    nextFireTime: { type: 'datetime', label: ['下次执行', 'Next run'], readOnly: true, ui: { width: 170, search: false } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
  },
});

/** The log of each run of a job, written by the scheduler: listed, read and removed, never edited. */
export const quartzJobLogModel = defineModel({
  name: 'quartzJobLog', table: 'blade_quartz_job_log', api: '/api/quartzJobLog/quartzJobLog', title: ['任务日志', 'Job logs'], tenant: true, permission: 'quartzJobLog',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    jobId: { type: 'id', label: ['任务', 'Job'], readOnly: true, filter: 'equal', ui: { hideInTable: true, search: false } },
    jobName: { type: 'string', label: ['任务名称', 'Job name'], length: 64, readOnly: true, filter: 'like', ui: { width: 160 } },
    jobGroup: { type: 'string', label: ['任务分组', 'Job group'], length: 32, readOnly: true, filter: 'equal', options: JOB_PACKETS, ui: { width: 100 } },
    invokeTarget: { type: 'string', label: ['调用目标', 'Invoke target'], length: 500, readOnly: true, ui: { width: 180 } },
    jobMessage: { type: 'text', label: ['日志信息', 'Message'], readOnly: true, ui: { width: 280, ellipsis: true } },
    exceptionInfo: { type: 'text', label: ['异常信息', 'Exception'], readOnly: true, ui: { hideInTable: true } },
    status: {
      type: 'int', label: ['执行状态', 'Result'], default: 1, readOnly: true, filter: 'equal', ui: { width: 90 },
      options: [{ value: 1, label: ['成功', 'Succeeded'], color: 'green' }, { value: 0, label: ['失败', 'Failed'], color: 'red' }],
    },
    startTime: { type: 'datetime', label: ['开始时间', 'Started at'], readOnly: true, ui: { width: 170 } },
    endTime: { type: 'datetime', label: ['结束时间', 'Ended at'], readOnly: true, ui: { hideInTable: true } },
    durationMs: { type: 'int', label: ['耗时(毫秒)', 'Duration (ms)'], readOnly: true, ui: { width: 100 } },
  },
});

export const JOB_MODELS = [quartzJobModel, quartzJobLogModel];
