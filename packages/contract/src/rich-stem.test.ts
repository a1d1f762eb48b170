import { describe, expect, it } from 'vitest';
import {
  htmlImageAddresses,
  htmlToText,
  isHtmlStem,
  isOwnImageAddress,
  markStemBlanks,
  plainStemToHtml,
  stemBlankCount,
  stemHtml,
  stemText,
} from './rich-stem.ts';
import { sanitizeStem } from './sanitize.ts';

const IMAGE =
  '<img class="rich-image" style="content: url(/uploads/avatars/1001/a.png); max-width: 100%; height: auto">';

describe('htmlToText: the text of rich text', () => {
  it('ends a line at each paragraph, item, heading and break, and drops the rest of the markup', () => {
    expect(htmlToText('<p>第一行<strong>加粗</strong></p><ul><li>甲</li><li>乙</li></ul><h3>标题</h3>末<br>尾')).toBe(
      '第一行加粗\n甲\n乙\n标题\n末\n尾',
    );
  });

  it('decodes character references and collapses the markup’s whitespace', () => {
    expect(htmlToText('<p>a &lt; b &amp;&amp; c &gt; d &quot;e&quot; &#39;f&#39; &#x4e2d;&#25991;&nbsp;g</p>')).toBe(
      'a < b && c > d "e" \'f\' 中文 g',
    );
    expect(htmlToText('<p>\n  one\n  two  </p>\n<p>three</p>')).toBe('one two\nthree');
    // An unknown or out-of-range reference stays as written.
    expect(htmlToText('&bogus; &#0; &#x110000;')).toBe('&bogus; &#0; &#x110000;');
  });

  it('names a picture only when told, and leaves scripts and styles out', () => {
    expect(htmlToText(`<p>看图</p>${IMAGE}`)).toBe('看图');
    expect(htmlToText(`<p>看图</p>${IMAGE}<p>后</p>`, '[图片]')).toBe('看图\n[图片]\n后');
    expect(htmlToText('<p>a<script>alert(1)</script><style>p{}</style>b</p>')).toBe('ab');
  });

  it('gives back the text a plain stem was converted from', () => {
    for (const text of ['一行', '两行\n第二行', '空行\n\n之后', 'a < b & "c"', '灭火的方法是____和____。']) {
      expect(htmlToText(plainStemToHtml(text))).toBe(text);
      expect(stemText(plainStemToHtml(text))).toBe(text);
    }
  });
});

describe('the rule of plain and rich stems (decision 054)', () => {
  it('reads a stem that begins with an element as HTML, any other as plain text', () => {
    expect(isHtmlStem('<p>题干</p>')).toBe(true);
    expect(isHtmlStem('  <img style="x">')).toBe(true);
    expect(isHtmlStem('<ul><li>a</li></ul>')).toBe(true);
    expect(isHtmlStem('安全帽的主要作用是？')).toBe(false);
    expect(isHtmlStem('<10 岁的儿童能否单独乘梯？')).toBe(false);
    expect(isHtmlStem('a <b>c</b>')).toBe(false);
  });

  it('keeps a plain stem’s text and lines, escaped', () => {
    expect(plainStemToHtml('a < b\n<script>x</script>')).toBe('<p>a &lt; b</p><p>&lt;script&gt;x&lt;/script&gt;</p>');
    expect(stemHtml('第一行\r\n第二行')).toBe('<p>第一行</p><p>第二行</p>');
    expect(stemHtml('<p>已是HTML</p>')).toBe('<p>已是HTML</p>');
    expect(stemText('a <b>c</b>')).toBe('a <b>c</b>');
  });

  it('counts and numbers the blanks of the text, not of the markup', () => {
    expect(stemBlankCount('隔离法、____和____。')).toBe(2);
    expect(stemBlankCount('<p>隔离法、<strong>____</strong>和____。</p>')).toBe(2);
    expect(stemBlankCount('<p class="a__b">snake_case 没有空</p>')).toBe(0);
    expect(markStemBlanks('<p class="x__y">A ____ B <em>__</em></p>', (n) => `(${n})`)).toBe(
      '<p class="x__y">A (1) B <em>(2)</em></p>',
    );
  });

  it('finds the pictures of HTML and tells the site’s own addresses from others', () => {
    expect(
      htmlImageAddresses(
        `<p>x</p>${IMAGE}<img src="https://evil.example/x.png"><div style="background: url('/demo/a.svg')"></div>`,
      ),
    ).toEqual(['https://evil.example/x.png', '/uploads/avatars/1001/a.png', '/demo/a.svg']);
    expect(isOwnImageAddress('/uploads/avatars/1001/a.png')).toBe(true);
    expect(isOwnImageAddress('/demo/question-electric-sign.svg')).toBe(true);
    for (const foreign of [
      'https://evil.example/x.png',
      '//evil.example/x.png',
      '/uploads/../secret',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/news/a.png',
    ]) {
      expect(isOwnImageAddress(foreign)).toBe(false);
    }
  });
});

describe('sanitizeStem: a stem as stored and served', () => {
  it('sanitises rich text, keeps pictures of the site, drops others', () => {
    expect(sanitizeStem(`<p><strong>粗</strong><script>alert(1)</script></p>${IMAGE}`)).toBe(
      `<p><strong>粗</strong></p>${IMAGE}`,
    );
    expect(sanitizeStem('<p>x<img src="x" onerror="alert(1)"></p>')).toBe('<p>x</p>');
    expect(sanitizeStem('<p>x</p><img style="content: url(https://evil.example/t.png); max-width: 100%">')).toBe(
      '<p>x</p>',
    );
    expect(sanitizeStem('<p style="background: url(https://evil.example/t.png); color: red">x</p>')).toBe(
      '<p style="color: red">x</p>',
    );
    expect(sanitizeStem('<p><a href="javascript:alert(1)">链接</a></p>')).toBe('<p><a>链接</a></p>');
  });

  it('converts a plain stem, and always answers HTML the rule reads as HTML', () => {
    expect(sanitizeStem('a < b\nc')).toBe('<p>a &lt; b</p><p>c</p>');
    expect(sanitizeStem('<font>a &lt; b</font>')).toBe('<p>a &lt; b</p>');
    expect(isHtmlStem(sanitizeStem('<font>x</font>'))).toBe(true);
  });

  it('is idempotent', () => {
    for (const stem of [
      `<p>a &amp; "b"</p>${IMAGE}`,
      'plain\ntext',
      '<p style="font-family: &quot;SimSun&quot;">x</p>',
    ]) {
      const once = sanitizeStem(stem);
      expect(sanitizeStem(once)).toBe(once);
    }
  });
});
