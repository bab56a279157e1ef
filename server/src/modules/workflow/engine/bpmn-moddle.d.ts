// bpmn-moddle ships no declaration for its entry point; the engine reads it through its own
// narrow interface (see model.ts), so the constructor is all that is declared here.
declare module 'bpmn-moddle' {
  export const BpmnModdle: new (packages?: Record<string, object>) => unknown;
}
