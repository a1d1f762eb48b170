import { describe, expect, it } from 'vitest';
import type { NavItem } from '@portal/contract';
import { isTopicItem, navItemPath } from './nav-link.tsx';

const item = (values: Partial<NavItem>): NavItem => ({
  id: 1,
  name: '专题',
  nameEn: 'Topics',
  menuType: 3,
  url: '',
  topicId: null,
  sort: 1,
  openNewWindow: false,
  ...values,
});

describe('navigation items', () => {
  it('a topic item goes to /topic, or to its own topic when it names one (account-area.md section 2)', () => {
    expect(navItemPath(item({}))).toBe('/topic');
    expect(navItemPath(item({ topicId: 7 }))).toBe('/topic/cate/7');
    // Its own url wins; another menu type ignores a stray topic id.
    expect(navItemPath(item({ topicId: 7, url: '/topic' }))).toBe('/topic');
    expect(navItemPath(item({ menuType: 2, topicId: 7 }))).toBe('/news');
  });

  it('is a topic item when its address contains topic (the submenu opens for it)', () => {
    expect(isTopicItem(item({}))).toBe(true);
    expect(isTopicItem(item({ menuType: 7, url: 'topic/cate/3' }))).toBe(true);
    expect(isTopicItem(item({ menuType: 2 }))).toBe(false);
  });
});
