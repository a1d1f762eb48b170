// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findMediaTarget, mediaAction, mediaKindOf, type ElementLike } from './rich-content.ts';
import { sanitizeRichText } from './sanitize.ts';

/** A plain-object element: tag, attributes, and children that get their parentElement set. */
interface FakeElement extends ElementLike {
  parentElement: FakeElement | null;
  children: FakeElement[];
}

function el(tagName: string, attrs: Record<string, string> = {}, children: FakeElement[] = []): FakeElement {
  const node: FakeElement = {
    tagName: tagName.toUpperCase(),
    getAttribute: (name) => attrs[name] ?? null,
    parentElement: null,
    children,
  };
  for (const child of children) child.parentElement = node;
  return node;
}

describe('mediaKindOf', () => {
  it.each([
    [el('img', { mode: 'video' }), 'video'],
    [el('img', { mode: ' Audio ' }), 'audio'],
    [el('img', { mode: 'file' }), 'file'],
    [el('video'), 'video'],
    [el('audio'), 'audio'],
    [el('img', { class: 'file-icon' }), 'file'],
    [el('img', { class: 'rich-video cover' }), 'video'],
    [el('span', { class: 'attachment_file' }), 'file'],
    [el('div', { class: 'AUDIO' }), 'audio'],
    [el('img'), null],
    [el('img', { mode: 'image' }), null],
    [el('p', { class: 'profile videos' }), null],
  ])('%#: kind %s', (element, kind) => {
    expect(mediaKindOf(element)).toBe(kind);
  });

  it('gives a <source> its parent media kind', () => {
    const source = el('source', { 'data-id': '1' });
    el('audio', {}, [source]);
    expect(mediaKindOf(source)).toBe('audio');
    expect(mediaKindOf(el('source'))).toBeNull();
  });

  it('lets mode win over tag', () => {
    expect(mediaKindOf(el('video', { mode: 'file' }))).toBe('file');
  });
});

describe('findMediaTarget with plain objects', () => {
  it('finds a video by tag', () => {
    const video = el('video', { 'data-id': '101' });
    expect(findMediaTarget(video)).toEqual({ materialId: '101', kind: 'video' });
  });

  it('finds a video by mode on a cover image', () => {
    expect(findMediaTarget(el('img', { mode: 'video', 'data-id': 'v-9' }))).toEqual({
      materialId: 'v-9',
      kind: 'video',
    });
  });

  it('finds a file icon image by mode or class', () => {
    expect(findMediaTarget(el('img', { mode: 'file', 'data-id': '7' }))).toEqual({ materialId: '7', kind: 'file' });
    expect(findMediaTarget(el('img', { class: 'file-icon', 'data-id': '8' }))).toEqual({
      materialId: '8',
      kind: 'file',
    });
  });

  it('walks up from a child to the nearest element with data-id', () => {
    const label = el('span', {}, []);
    const inner = el('em', {}, [label]);
    el('div', { class: 'content' }, [el('div', { mode: 'audio', 'data-id': '55' }, [inner])]);
    expect(findMediaTarget(label)).toEqual({ materialId: '55', kind: 'audio' });
  });

  it('takes the kind from the path when the data-id wrapper declares none', () => {
    const video = el('video');
    el('div', { 'data-id': '12' }, [video]);
    expect(findMediaTarget(video)).toEqual({ materialId: '12', kind: 'video' });
  });

  it('finds the id on a <source> inside audio', () => {
    const source = el('source', { 'data-id': '31' });
    el('audio', {}, [source]);
    expect(findMediaTarget(source)).toEqual({ materialId: '31', kind: 'audio' });
  });

  it('skips a data-id element without any kind and keeps walking', () => {
    const img = el('img', { 'data-id': 'picture' });
    el('div', { mode: 'file', 'data-id': '77' }, [img]);
    expect(findMediaTarget(img)).toEqual({ materialId: '77', kind: 'file' });
  });

  it('returns null when nothing on the path is a resource', () => {
    const text = el('span');
    el('p', {}, [text]);
    expect(findMediaTarget(text)).toBeNull();
    expect(findMediaTarget(el('img', { 'data-id': '5' }))).toBeNull();
    expect(findMediaTarget(el('video'))).toBeNull(); // a video without materialId
    expect(findMediaTarget(el('video', { 'data-id': '  ' }))).toBeNull();
    expect(findMediaTarget(null)).toBeNull();
    expect(findMediaTarget(undefined)).toBeNull();
  });

  it('does not walk above the content root', () => {
    const span = el('span');
    const root = el('div', { class: 'rich-content' }, [span]);
    el('div', { mode: 'video', 'data-id': 'outside' }, [root]);
    expect(findMediaTarget(span, root)).toBeNull();
    expect(findMediaTarget(span)).toEqual({ materialId: 'outside', kind: 'video' });
  });

  it('survives a cyclic parent chain', () => {
    const a = el('span');
    const b = el('span', {}, [a]);
    a.children.push(b);
    b.parentElement = a;
    expect(findMediaTarget(a)).toBeNull();
  });
});

describe('findMediaTarget on real DOM from sanitised content', () => {
  function render(html: string): Element {
    // The browser's parse of what the gateway sends.
    const body = document.createElement('div');
    body.innerHTML = sanitizeRichText(html);
    return body;
  }

  it('works with Elements produced by the sanitiser', () => {
    const root = render(
      '<p>课程介绍 <img src="x" onerror="alert(1)" class="file-icon" mode="file" data-id="9001"></p>' +
        '<div data-id="9002"><video controls src="/x.mp4"></video></div>' +
        '<p><span>普通文字</span></p>',
    );
    const file = root.querySelector('img');
    const video = root.querySelector('video');
    const text = root.querySelector('span');
    expect(file && findMediaTarget(file, root)).toEqual({ materialId: '9001', kind: 'file' });
    expect(video && findMediaTarget(video, root)).toEqual({ materialId: '9002', kind: 'video' });
    expect(text && findMediaTarget(text, root)).toBeNull();
  });
});

describe('mediaAction', () => {
  it('previews video and audio and downloads files', () => {
    expect(mediaAction('video')).toBe('preview');
    expect(mediaAction('audio')).toBe('preview');
    expect(mediaAction('file')).toBe('download');
  });
});
