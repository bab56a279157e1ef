// The designer's moddle descriptor for the flowable: namespace. It declares what the engine reads
// (server/src/modules/workflow/engine/moddle-extensions.ts: assignee, candidates, form key, per-node
// buttons and field rights, multi-instance collection) plus what a designer writes and the engine
// runs (execution and task listeners: expression, class, delegate expression, script), so every
// property round-trips as XML.
const attr = (name: string, type = 'String') => ({ name, isAttr: true, type });
const listener = (name: string, allowedIn: string[]) => ({
  name,
  superClass: ['Element'],
  meta: { allowedIn },
  properties: [
    attr('event'), attr('class'), attr('expression'), attr('delegateExpression'), attr('type'),
    // script listeners: Flowable's fields (script, language) or a script child (server model.ts reads both)
    { name: 'fields', type: 'Field', isMany: true }, { name: 'script', type: 'Script' },
  ],
});

export const FLOWABLE_URI = 'http://flowable.org/bpmn';

export const flowableDescriptor = {
  name: 'Flowable',
  uri: FLOWABLE_URI,
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'UserTaskAttrs',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [
        attr('assignee'), attr('candidateUsers'), attr('candidateGroups'), attr('formKey'), attr('dueDate'), attr('priority'),
        attr('buttons'), attr('fieldRights'), attr('rejectTarget'), attr('initiatorNode'),
        // 发起人自选: the designer's mark (single | multiple); the engine reads the ${customUserTask_<id>} expressions
        attr('initiatorChooses'),
      ],
    },
    { name: 'StartEventAttrs', isAbstract: true, extends: ['bpmn:StartEvent'], properties: [attr('initiator'), attr('formKey')] },
    {
      name: 'ServiceAttrs',
      isAbstract: true,
      extends: ['bpmn:ServiceTask', 'bpmn:BusinessRuleTask', 'bpmn:SendTask', 'bpmn:ScriptTask'],
      properties: [attr('class'), attr('expression'), attr('delegateExpression'), attr('resultVariable'), attr('type'), attr('decisionRef'), attr('async', 'Boolean'), attr('topic')],
    },
    { name: 'LoopAttrs', isAbstract: true, extends: ['bpmn:MultiInstanceLoopCharacteristics'], properties: [attr('collection'), attr('elementVariable')] },
    { name: 'CallAttrs', isAbstract: true, extends: ['bpmn:CallActivity'], properties: [attr('calledElementBinding'), attr('inheritVariables', 'Boolean')] },
    listener('ExecutionListener', ['bpmn:Process', 'bpmn:FlowNode', 'bpmn:SequenceFlow']),
    listener('TaskListener', ['bpmn:UserTask']),
    {
      name: 'Field',
      superClass: ['Element'],
      properties: [attr('name'), attr('stringValue'), { name: 'expression', type: 'String' }, { name: 'string', type: 'String' }],
    },
    {
      name: 'Script',
      superClass: ['Element'],
      properties: [attr('scriptFormat'), attr('language'), attr('resource'), { name: 'value', isBody: true, type: 'String' }],
    },
    { name: 'Properties', superClass: ['Element'], properties: [{ name: 'values', type: 'Property', isMany: true }] },
    { name: 'Property', superClass: ['Element'], properties: [attr('id'), attr('name'), attr('value')] },
    {
      name: 'In', superClass: ['Element'], meta: { allowedIn: ['bpmn:CallActivity'] },
      properties: [attr('source'), attr('sourceExpression'), attr('target'), attr('variables'), attr('businessKey'), attr('local', 'Boolean')],
    },
    {
      name: 'Out', superClass: ['Element'], meta: { allowedIn: ['bpmn:CallActivity'] },
      properties: [attr('source'), attr('sourceExpression'), attr('target'), attr('variables'), attr('local', 'Boolean')],
    },
  ],
};
