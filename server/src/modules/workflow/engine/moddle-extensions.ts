// Moddle descriptors for the three modeler dialects the engine reads: Flowable (flowable:),
// Activiti (activiti:) and Camunda (camunda:). They declare only what the engine executes, so
// each dialect resolves by namespace URI whatever prefix a file binds. The three share one shape.

export const DIALECTS = [
  { name: 'Flowable', prefix: 'flowable', uri: 'http://flowable.org/bpmn' },
  { name: 'Activiti', prefix: 'activiti', uri: 'http://activiti.org/bpmn' },
  { name: 'Camunda', prefix: 'camunda', uri: 'http://camunda.org/schema/1.0/bpmn' },
] as const;
export type DialectPrefix = (typeof DIALECTS)[number]['prefix'];

const attr = (name: string, type = 'String') => ({ name, isAttr: true, type });

function descriptor(d: (typeof DIALECTS)[number]): object {
  return {
    name: d.name,
    uri: d.uri,
    prefix: d.prefix,
    xml: { tagAlias: 'lowerCase' },
    associations: [],
    types: [
      {
        name: 'UserTaskAttrs', isAbstract: true, extends: ['bpmn:UserTask'],
        properties: [attr('assignee'), attr('candidateUsers'), attr('candidateGroups'), attr('formKey'), attr('dueDate'),
          attr('priority'), attr('buttons'), attr('fieldRights'), attr('rejectTarget'), attr('initiatorNode')],
      },
      { name: 'StartEventAttrs', isAbstract: true, extends: ['bpmn:StartEvent'], properties: [attr('initiator'), attr('formKey')] },
      {
        name: 'ServiceAttrs', isAbstract: true,
        extends: ['bpmn:ServiceTask', 'bpmn:BusinessRuleTask', 'bpmn:SendTask', 'bpmn:ScriptTask'],
        properties: [attr('class'), attr('expression'), attr('delegateExpression'), attr('resultVariable'), attr('type'),
          attr('decisionRef'), attr('async', 'Boolean'), attr('topic')],
      },
      { name: 'LoopAttrs', isAbstract: true, extends: ['bpmn:MultiInstanceLoopCharacteristics'], properties: [attr('collection'), attr('elementVariable')] },
      { name: 'CallAttrs', isAbstract: true, extends: ['bpmn:CallActivity'], properties: [attr('calledElementBinding'), attr('inheritVariables', 'Boolean')] },
      {
        name: 'In', superClass: ['Element'], meta: { allowedIn: ['bpmn:CallActivity'] },
        properties: [attr('source'), attr('sourceExpression'), attr('target'), attr('variables'), attr('businessKey'), attr('local', 'Boolean')],
      },
      {
        name: 'Out', superClass: ['Element'], meta: { allowedIn: ['bpmn:CallActivity'] },
        properties: [attr('source'), attr('sourceExpression'), attr('target'), attr('variables'), attr('local', 'Boolean')],
      },
      { name: 'Properties', superClass: ['Element'], properties: [{ name: 'values', type: 'Property', isMany: true }] },
      { name: 'Property', superClass: ['Element'], properties: [attr('id'), attr('name'), attr('value'), { name: 'body', isBody: true, type: 'String' }] },
    ],
  };
}

export const EXTENSION_PACKAGES: Record<string, object> = Object.fromEntries(DIALECTS.map((d) => [d.prefix, descriptor(d)]));
