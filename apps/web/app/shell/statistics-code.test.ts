import { describe, expect, it } from 'vitest';
import { loaderFor, parseStatisticsCode } from './statistics-code.tsx';

describe('statistics code', () => {
  it('splits a snippet into its inline and loaded scripts', () => {
    const code =
      '<script>var _hmt = _hmt || [];</script>\n<script async src="https://hm.baidu.com/hm.js?abc"></script><noscript>x</noscript>';
    expect(parseStatisticsCode(code)).toEqual([
      { src: undefined, code: 'var _hmt = _hmt || [];' },
      { src: 'https://hm.baidu.com/hm.js?abc', code: '' },
    ]);
    expect(parseStatisticsCode('console.log(1)')).toEqual([{ src: undefined, code: 'console.log(1)' }]);
  });

  it('loads an external script through an inline loader that cannot be broken out of', () => {
    const loader = loaderFor('https://x.example/a.js?</script><b>');
    expect(loader).toContain('document.createElement');
    expect(loader).not.toContain('</script>');
  });
});
