// The processes of micro-app records (001 §4; contract "Processes bound to apps" of issue 15): an
// app whose processDefKey names a deployed process sends each new record (and each record submitted
// again) through it. One row per submission links the record to its process instance and keeps the
// data status the instance gave the record: 3 while it runs, then 1 (completed), 4 (terminated or
// rejected to the end) or 5 (revoked). A record's current process is its newest row.
import { defineModel } from '../model/define.ts';

export const appBizProcessModel = defineModel({
  name: 'appBizProcess', table: 'blade_app_biz_process', api: '/api/appBizData/appBizData/bizProcess', title: ['记录流程', 'Record processes'], tenant: true,
  permission: null, access: 'written by the platform when a record of a process-bound app is submitted or its process ends; read through the record (detail / getBizDetail: processInstanceId) with the caller\'s app rights, checked by the miniapp module',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    appId: { type: 'id', label: ['微应用', 'Micro-app'], required: true, readOnly: true, filter: 'equal', ui: { hideInTable: true } },
    tableName: { type: 'string', label: ['表名', 'Table'], length: 64, required: true, readOnly: true, ui: { width: 160 } },
    recordId: { type: 'id', label: ['记录', 'Record'], required: true, readOnly: true, filter: 'equal', ui: { width: 170 } },
    processInstanceId: { type: 'id', label: ['流程实例', 'Process instance'], required: true, readOnly: true, filter: 'equal', ui: { width: 170 } },
    dataStatus: {
      type: 'int', label: ['数据状态', 'Data status'], required: true, default: 3, readOnly: true, filter: 'equal', ui: { width: 100 },
      options: [
        { value: 1, label: ['正常', 'Normal'], color: 'green' }, { value: 3, label: ['流转中', 'In circulation'], color: 'blue' },
        { value: 4, label: ['流程终止', 'Process terminated'], color: 'red' }, { value: 5, label: ['流程撤销', 'Process revoked'], color: 'orange' },
      ],
    },
  },
});

export const MINIAPP_PROCESS_MODELS = [appBizProcessModel];
