import { describe, expect, it } from 'vitest';
import { inputTextProblems, textProblem } from '../../lib/http/input-text';

describe('inputTextProblems', () => {
  it('names every string and key that is not well-formed or holds a control character', () => {
    // Prepare
    const value = JSON.parse(
      '{"a":"ok\\ttab\\r\\n","b":["\\ud800",{"c":"x\\u0000"}],"d\\u001b":1,"e":"\\u007f","f":"😀ü"}',
    );

    // Act
    const problems = inputTextProblems(value, 'body');

    // Assess
    expect(problems.map((p) => p.field)).toEqual(['b[0]', 'b[1].c', 'd\u001b', 'e']);
    expect(problems[0]?.message).toMatch(/well-formed Unicode/);
    expect(problems[2]?.message).toMatch(/^name /);
  });

  it('names the value itself by its prefix, and passes numbers, booleans and null', () => {
    expect(inputTextProblems('\udc00', 'Idempotency-Key')).toEqual([
      { field: 'Idempotency-Key', message: textProblem('\udc00') },
    ]);
    expect(inputTextProblems([1, true, null, { a: 2 }], 'body')).toEqual([]);
  });

  it('walks nesting deeper than the call stack, and stops after 20 problems', () => {
    // Prepare
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const many = Array.from({ length: 1000 }, () => '\u0001');

    // Act
    const deepProblems = inputTextProblems(deep, 'body');
    const manyProblems = inputTextProblems(many, 'body');

    // Assess
    expect(deepProblems).toHaveLength(1);
    expect(manyProblems).toHaveLength(20);
  });
});
