import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ATTRIBUTES, decodeCssEscapes, sanitizeRichText, sanitizeStyle } from './sanitize.ts';

describe('sanitizeRichText: what is kept', () => {
  it('keeps normal rich text unchanged', () => {
    const html =
      '<h2>标题</h2><p>正文<strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除</s><sub>1</sub><sup>2</sup></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote><pre><code>x = 1</code></pre><hr>' +
      '<table><thead><tr><th>列</th></tr></thead><tbody><tr><td>值</td></tr></tbody></table>' +
      '<figure><img><figcaption>图</figcaption></figure><br>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps exactly style, class, mode and data-id', () => {
    expect(RICH_TEXT_ATTRIBUTES).toEqual(['style', 'class', 'mode', 'data-id']);
    const html = '<img class="file-icon" mode="file" data-id="10086" style="width: 40px">';
    expect(sanitizeRichText(html)).toBe(html);
    expect(
      sanitizeRichText('<video mode="video" data-id="m-1" class="rich-video"><source data-id="m-1"></video>'),
    ).toBe('<video mode="video" data-id="m-1" class="rich-video"><source data-id="m-1"></video>');
    expect(sanitizeRichText('<audio mode="audio" data-id="7"></audio>')).toBe(
      '<audio mode="audio" data-id="7"></audio>',
    );
  });

  it('keeps data-id and mode values that look like URLs as plain data', () => {
    expect(sanitizeRichText('<span data-id="abc:def" mode="x:y">t</span>')).toBe(
      '<span data-id="abc:def" mode="x:y">t</span>',
    );
  });

  it('drops every other attribute, including src, href and other data-*', () => {
    expect(
      sanitizeRichText(
        '<img src="https://cdn.example.com/a.png" alt="a" title="t" width="10" id="x" data-src="y" data-id="5">',
      ),
    ).toBe('<img data-id="5">');
    expect(sanitizeRichText('<a href="https://example.com" target="_blank" rel="noopener">链接</a>')).toBe(
      '<a>链接</a>',
    );
    expect(sanitizeRichText('<video src="/v.mp4" controls autoplay poster="/p.png" data-id="9"></video>')).toBe(
      '<video data-id="9"></video>',
    );
    expect(sanitizeRichText('<p aria-label="x" role="note" lang="en" dir="rtl" name="n">t</p>')).toBe('<p>t</p>');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeRichText('<font color="red">红字</font><center>居中</center>')).toBe('红字居中');
  });

  it('serialises quotes inside kept styles safely', () => {
    expect(sanitizeRichText('<p style=\'font-family: "Microsoft YaHei"\'>t</p>')).toBe(
      '<p style="font-family: &quot;Microsoft YaHei&quot;">t</p>',
    );
  });

  it('is idempotent', () => {
    for (const dirty of [
      '<p style="color:red;background:url(javascript:x)" onclick="x">a &amp; b <img src=x onerror=y data-id="1"></p>',
      '<div class="a b" mode="video" data-id="2"><span>&lt;script&gt;</span></div>',
    ]) {
      const once = sanitizeRichText(dirty);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });

  it('escapes text', () => {
    expect(sanitizeRichText('a < b & c')).toBe('a &lt; b &amp; c');
  });

  it('closes what is left open and drops comments', () => {
    expect(sanitizeRichText('<p>a<b>b</p>c')).toBe('<p>a<b>b</b></p>c');
    expect(sanitizeRichText('<!-- c --><p>x</p>')).toBe('<p>x</p>');
  });

  it('handles empty input', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });
});

describe('sanitizeRichText: XSS vectors', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p>ok<script src="https://evil.example/x.js"></script></p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', '<img>'],
    ['<img src="x" onerror="alert(1)" data-id="3">', '<img data-id="3">'],
    ['<p onclick="alert(1)" onmouseover="alert(2)">t</p>', '<p>t</p>'],
    ['<svg onload=alert(1)><circle r="1"></circle></svg><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="javascript:alert(1)"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<object data="javascript:alert(1)"></object><embed src="x.swf">', ''],
    ['<form action="javascript:alert(1)"><input onfocus="alert(1)" autofocus></form>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<style>body{background:url(javascript:alert(1))}</style><p>ok</p>', '<p>ok</p>'],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['<details open ontoggle=alert(1)>x</details>', 'x'],
    ['<video><source onerror="alert(1)"></video>', '<video><source></video>'],
    ['<body onload=alert(1)>t', 't'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    // Raw text inside foreign content is live markup to a browser (sanitize-html 2.17.6's advisory).
    ['<svg><textarea><img src=x onerror=alert(1)></textarea></svg>', ''],
    ['<math><xmp><img src=x onerror=alert(1)></xmp></math>', ''],
    ['<xmp><img src=x onerror=alert(1)></xmp><p>ok</p>', '<p>ok</p>'],
    ['<svg><style><img src=x onerror=alert(1)></style></svg>', ''],
    ['<select><option><img src=x onerror=alert(1)></option></select>', ''],
    ['<template><img src=x onerror=alert(1)></template>', ''],
    ['<textarea><img src=x onerror=alert(1)></textarea>after', 'after'],
  ])('neutralises %s', (dirty, clean) => {
    const out = sanitizeRichText(dirty);
    expect(out).toBe(clean);
    expect(out).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg/i);
  });

  it.each([
    '<p style="background:url(javascript:alert(1))">t</p>',
    '<p style="background-image: url(\'javascript:alert(1)\')">t</p>',
    '<p style="background: url(&quot;javascript:alert(1)&quot;)">t</p>',
    '<p style="background:url(java\\73 cript:alert(1))">t</p>',
    '<p style="background:url(JAVA&#x09;SCRIPT:alert(1))">t</p>',
    '<p style="background:url(ja/**/vascript:alert(1))">t</p>',
    '<p style="width: expression(alert(1))">t</p>',
    '<p style="width: \\65 xpression(alert(1))">t</p>',
    '<p style="behavior: url(x.htc)">t</p>',
    '<p style="-moz-binding: url(http://evil.example/x.xml#xss)">t</p>',
    '<p style="background: url(data:text/html;base64,PHNjcmlwdD4=)">t</p>',
    '<p style="background: url(vbscript:msgbox(1))">t</p>',
    '<p style="background-image: image-set(\'javascript:alert(1)\' 1x)">t</p>',
    '<p style="background: url(x.png">t</p>',
    // An escaped quote shifts the pairs of quotes: the scheme must still be found.
    '<p style=\'background-image: image-set("\\"" 1x, "data:image/svg+xml,%3Csvg%3E" 2x)\'>t</p>',
    '<p style=\'background-image: image-set("\\"" 1x, "blob:https://x/1" 2x)\'>t</p>',
  ])('drops dangerous style %s', (dirty) => {
    expect(sanitizeRichText(dirty)).toBe('<p>t</p>');
  });

  it('drops only the dangerous declaration and keeps the rest', () => {
    expect(sanitizeRichText('<p style="color: red; background: url(javascript:alert(1)); font-size:14px">t</p>')).toBe(
      '<p style="color: red; font-size: 14px">t</p>',
    );
  });

  it('keeps safe url() values', () => {
    expect(sanitizeRichText('<div style="background-image: url(https://cdn.example.com/a.png)">t</div>')).toBe(
      '<div style="background-image: url(https://cdn.example.com/a.png)">t</div>',
    );
    expect(sanitizeStyle("background: url('/img/a.png') no-repeat")).toBe("background: url('/img/a.png') no-repeat");
    expect(sanitizeStyle('background: url(data:image/png;base64,iVBORw0KGgo=)')).toBe(
      'background: url(data:image/png;base64,iVBORw0KGgo=)',
    );
  });
});

describe('sanitizeStyle', () => {
  it('normalises, keeps ordinary declarations and drops malformed ones', () => {
    expect(sanitizeStyle('color:red;;font-family:"Microsoft YaHei", 微软雅黑; text-align:center')).toBe(
      'color: red; font-family: "Microsoft YaHei", 微软雅黑; text-align: center',
    );
    expect(sanitizeStyle('color red; : x; 1bad: y; --brand: #f00')).toBe('--brand: #f00');
    expect(sanitizeStyle('font-family: \\5B8B\\4F53')).toBe('font-family: \\5B8B\\4F53');
    expect(sanitizeStyle('color: red /* note */; margin: 0')).toBe('color: red; margin: 0');
    expect(sanitizeStyle('content: "a;b"; color: blue')).toBe('content: "a;b"; color: blue');
    expect(sanitizeStyle('')).toBe('');
  });

  it('decodes CSS escapes like a browser', () => {
    expect(decodeCssEscapes('\\6a avascript')).toBe('javascript');
    expect(decodeCssEscapes('\\00006A')).toBe('j');
    expect(decodeCssEscapes('\\j\\a')).toBe('j\n');
    expect(decodeCssEscapes('\\5B8B\\4F53')).toBe('宋体');
  });
});
