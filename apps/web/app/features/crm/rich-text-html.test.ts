// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/react';
import { sanitizeRichText } from '@portal/contract/sanitize';
import { imageAddressFromStyle, imageStyle, isImageAddress, isLinkAddress } from './rich-text-html.ts';
import { richTextExtensions } from './rich-text-extensions.ts';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

const edit = (html: string) => {
  editor = new Editor({ extensions: richTextExtensions(), content: html });
  return editor;
};

describe('rich-text editor HTML', () => {
  it('writes an image the sanitiser keeps, and reads it back from the sanitised HTML', () => {
    const html = edit('<p>Intro</p><img src="/uploads/avatars/1001/a.png">').getHTML();
    expect(html).toContain('src="/uploads/avatars/1001/a.png"');
    const stored = sanitizeRichText(html);
    // The spec keeps only style, class, mode and data-id: the address lives on in the style.
    expect(stored).not.toContain('src=');
    expect(stored).toMatch(/content: url\((&quot;)?\/uploads\/avatars\/1001\/a\.png(&quot;)?\)/);
    expect(stored).toContain('class="rich-image"');
    editor?.destroy();
    // Opening the stored course again shows the same image in the editor.
    expect(edit(stored).getHTML()).toContain('src="/uploads/avatars/1001/a.png"');
  });

  it('keeps headings, lists and emphasis through the sanitiser', () => {
    const html = edit(
      '<h2>T</h2><ul><li><p><strong>a</strong> <em>b</em></p></li></ul><ol><li><p>c</p></li></ol>',
    ).getHTML();
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('refuses script and data addresses for images and links', () => {
    expect(isImageAddress('https://cdn.example.com/a.png')).toBe(true);
    expect(isImageAddress('/uploads/a.png')).toBe(true);
    expect(isImageAddress('//evil.example.com/a.png')).toBe(false);
    expect(isImageAddress('javascript:alert(1)')).toBe(false);
    expect(isImageAddress('data:image/png;base64,AAAA')).toBe(false);
    expect(isLinkAddress('https://example.com')).toBe(true);
    expect(isLinkAddress('mailto:a@example.com')).toBe(true);
    expect(isLinkAddress('javascript:alert(1)')).toBe(false);
    expect(edit('<img src="javascript:alert(1)"><p>x</p>').getHTML()).not.toContain('<img');
  });

  it('cannot be broken out of the CSS url()', () => {
    const style = imageStyle('https://a.example.com/x.png"); background: url(javascript:alert(1)');
    expect(style).not.toMatch(/url\(javascript/);
    expect(imageAddressFromStyle(style)).toBe(
      'https://a.example.com/x.png%22%29%3B%20background:%20url%28javascript:alert%281%29',
    );
    // The encoded address still names a script scheme: the sanitiser drops that declaration whole.
    expect(sanitizeRichText(`<img style='${style}'>`)).not.toContain('background');
    expect(sanitizeRichText(`<img style="${imageStyle('https://a.example.com/x y.png')}">`)).toContain(
      'content: url(https://a.example.com/x%20y.png)',
    );
  });
});
