// The benchmark's process: start, two user tasks, end.
export const BENCH_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
  <process id="twoStep" name="two user tasks" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="t1"/>
    <userTask id="t1" name="first" flowable:assignee="alice"/>
    <sequenceFlow id="f2" sourceRef="t1" targetRef="t2"/>
    <userTask id="t2" name="second" flowable:assignee="bob"/>
    <sequenceFlow id="f3" sourceRef="t2" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;
