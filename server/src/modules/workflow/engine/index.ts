// The BPMN engine of the workflow module: pure TypeScript over the database, no HTTP.
export { WorkflowEngine, BUTTONS } from './engine.ts';
export type {
  ActionResult, CompleteInput, DefinitionView, DeployInput, EngineOptions, HistoryComment, HistoryEntry, InstanceView, ListQuery, Page,
  StartInput, SupervisionInput, TaskConfig, TaskView, EngineEvent, ServiceHandler, ServiceContext, InstanceStatus, CommentType,
} from './engine.ts';
export { WorkflowError, M as WORKFLOW_MESSAGES } from './messages.ts';
export { parseBpmn } from './model.ts';
export type { FieldRight, FlowNode, ProcessModel } from './model.ts';
export { evaluate, evaluateCondition } from './expression.ts';
