import { describe, expect, it } from 'vitest';
import { excerptOf } from './passage-search.ts';
import { addressProblem, isInternalAddress } from './provider-address.ts';
import { chunksOf, queryTermsOf, termsOf, tsqueryOf, tsvectorOf } from './text-index.ts';

/** The words the index and the questions are cut into (decision 061), and the service-address guard. */
describe('the index’s words', () => {
  it('joins the single characters ICU leaves of a word, and pairs the characters of a long word', () => {
    // ICU's dictionary cuts 医保 and 付费 into single characters: their pairs are words again.
    expect(termsOf('医保报销')).toEqual(expect.arrayContaining(['医保', '报销']));
    expect(termsOf('付费改革')).toContain('付费');
    // A question and a passage cut the same words alike, however ICU cut them.
    const passage = new Set(termsOf('本课程讲解医保基金的报销流程。'));
    for (const term of queryTermsOf('医保报销流程')) expect(passage.has(term), term).toBe(true);
  });

  it('leaves out single characters, question words and English function words; lower-cases, NFKC', () => {
    expect(termsOf('如何做好客户服务？')).toEqual(['做好', '客户', '服务']);
    expect(termsOf('What is the Customer Service of ＡＢＣ 101?')).toEqual(['customer', 'service', 'abc', '101']);
    expect(queryTermsOf('的了吗？')).toEqual([]);
    expect(tsqueryOf([])).toBeNull();
  });

  it('writes a tsvector input with positions, the title’s words weighted A, quotes escaped', () => {
    expect(tsvectorOf(['报销'], ['报销', "o'neil", 'a\\b'])).toBe(`'报销':1A,2 'o''neil':3 'a\\\\b':4`);
    expect(tsqueryOf(['报销', "o'neil"])).toBe(`'报销' | 'o''neil'`);
  });

  it('cuts a text into passages after sentences, a sentence longer than a passage where it must', () => {
    expect(chunksOf('第一句。第二句。第三句。', 8)).toEqual(['第一句。第二句。', '第三句。']);
    expect(chunksOf('一'.repeat(20), 8)).toEqual(['一'.repeat(8), '一'.repeat(8), '一'.repeat(4)]);
  });

  it('quotes the sentences of a passage that hold the question’s weightiest words', () => {
    const body = '第一章概述。异地就医需要先办理备案手续。备案后按规定比例报销。其他内容与本题无关。';
    const excerpt = excerptOf(
      body,
      new Map([
        ['备案', 2],
        ['异地', 3],
      ]),
      30,
    );
    expect(excerpt).toContain('异地就医需要先办理备案手续。');
    expect(excerpt.length).toBeLessThanOrEqual(30);
  });
});

describe('a service address', () => {
  it('may not be this machine, an internal network or the metadata service', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['203.0.113.10', '8.8.8.8', '2001:db8::1'])
      expect(isInternalAddress(address), address).toBe(false);
    expect(await addressProblem('http://127.0.0.1:11434/v1', false)).toMatchObject({
      en: expect.stringMatching(/internal/),
    });
    expect(await addressProblem('http://[::1]:8000/v1', false)).not.toBeNull();
    expect(await addressProblem('http://127.0.0.1:11434/v1', true)).toBeNull();
    expect(await addressProblem('https://203.0.113.10/v1', false)).toBeNull();
    expect(await addressProblem('https://user:pw@203.0.113.10/v1', true)).not.toBeNull();
    expect(await addressProblem('file:///etc/passwd', true)).not.toBeNull();
  });
});
