// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Disclosure } from './disclosure.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root.render(
      createElement(Disclosure, { button: 'Downloads', buttonClassName: 'b', panelClassName: 'p', children: 'inside' }),
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

const disclosure = () => host.querySelector('.portal-disclosure')!;
const isOpen = () => host.querySelector('button')!.getAttribute('aria-expanded') === 'true';
const mouse = (type: string, target: Element, at: { x: number; y: number }, related?: Element) =>
  act(() => {
    target.dispatchEvent(
      new MouseEvent(type, { bubbles: true, clientX: at.x, clientY: at.y, relatedTarget: related ?? null }),
    );
  });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the header disclosure', () => {
  it('stays open when its panel shrinks from under a still pointer, and closes once the pointer moves away', () => {
    const panel = host.querySelector('.p')!;
    mouse('mouseover', host.querySelector('button')!, { x: 5, y: 5 }, document.body);
    expect(isOpen()).toBe(true);
    mouse('mousemove', panel, { x: 40, y: 120 });
    // Clear-all emptied the list: the panel is shorter, the browser says the pointer left it
    // without the pointer moving.
    mouse('mouseout', disclosure(), { x: 40, y: 120 }, document.body);
    wait(500);
    expect(isOpen()).toBe(true);
    mouse('mousemove', document.body, { x: 40, y: 300 });
    wait(500);
    expect(isOpen()).toBe(false);
  });

  it('closes when the pointer moves out', () => {
    const panel = host.querySelector('.p')!;
    mouse('mouseover', host.querySelector('button')!, { x: 5, y: 5 }, document.body);
    mouse('mousemove', panel, { x: 40, y: 120 });
    mouse('mouseout', disclosure(), { x: 40, y: 180 }, document.body);
    wait(500);
    expect(isOpen()).toBe(false);
  });
});
