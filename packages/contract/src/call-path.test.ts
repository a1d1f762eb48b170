import { describe, expect, it } from 'vitest';
import { fillPath, pathParamsOf, routePathOf } from './call.ts';

describe('path parameters of a call', () => {
  const path = '/course/auth/download/resource/download/{id}';

  it('names them, routes them as :name and fills them from the input, leaving the rest', () => {
    expect(pathParamsOf(path)).toEqual(['id']);
    expect(routePathOf(path)).toBe('/course/auth/download/resource/download/:id');
    expect(fillPath(path, { id: 12, lang: 'zh' })).toEqual({
      path: '/course/auth/download/resource/download/12',
      rest: { lang: 'zh' },
    });
  });

  it('encodes a value and leaves a path without parameters as it is', () => {
    expect(fillPath('/a/{x}', { x: '1/2' }).path).toBe('/a/1%2F2');
    const input = { taskId: 3 };
    expect(fillPath('/course/auth/study/task/view/task', input)).toEqual({
      path: '/course/auth/study/task/view/task',
      rest: input,
    });
  });
});
