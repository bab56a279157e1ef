// Definitions shared by the server and the web app: the designed-form schema and its one validator.
export * from './form/schema.ts';
export * from './form/messages.ts';
export * from './form/upload.ts';
export * from './form/validate.ts';
export * from './model/define.ts';
export * from './models/system.ts';
export * from './model/ddl.ts';
export * from './models/resource.ts';
export * from './models/email.ts';
export * from './models/develop.ts';
export * from './models/job.ts';
export * from './models/log.ts';
export * from './models/workflow.ts';
export * from './models/message.ts';
export * from './models/workflow-design.ts';
export * from './models/user.ts';
export * from './models/thirdparty.ts';
