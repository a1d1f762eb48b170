import type { AssistantSource, Lang } from '@portal/contract';
import type { ChatTurn } from './provider.ts';
import type { FoundPassage } from './passage-search.ts';

/** The passages as the answer's numbered sources. */
export function sourcesOf(passages: FoundPassage[]): AssistantSource[] {
  return passages.map((p, i) => ({
    index: i + 1,
    kind: p.kind,
    title: p.title,
    link: p.link,
    courseId: p.courseId,
    periodId: p.periodId,
    newsId: p.newsId,
    excerpt: p.excerpt,
  }));
}

/**
 * The built-in answer where no language model is configured (decision 061): it says so plainly,
 * then quotes the best passages as they are, numbered like the sources; or says that nothing of
 * the enterprise's courses and news matched.
 */
export function extractiveAnswer(lang: Lang, passages: FoundPassage[]): string {
  if (passages.length === 0) {
    return lang === 'en'
      ? 'No language model is configured on this site, and nothing in its courses or news matches your question. Try other words, or browse the courses.'
      : '本平台尚未配置大语言模型，也没有在本平台的课程和资讯中找到与您的问题相关的内容。请换个说法再问，或浏览课程中心。';
  }
  const lead =
    lang === 'en'
      ? 'No language model is configured on this site, so here are the passages of its own courses and news that best match your question, quoted as they are:'
      : '本平台尚未配置大语言模型，以下是从本平台课程和资讯中找到的与您的问题最相关的内容（原文摘录）：';
  const quotes = passages.map((p, i) => {
    const title = lang === 'en' ? p.title : `《${p.title}》`;
    const quote = p.excerpt && p.excerpt !== p.title ? `\n“${p.excerpt}”` : '';
    return `[${i + 1}] ${title}${quote}`;
  });
  const close = lang === 'en' ? 'Open a source below to read it in full.' : '点击下方来源可查看完整内容。';
  return [lead, ...quotes, close].join('\n\n');
}

/** A text in pieces of about `size` characters (never splitting a character), for streaming. */
export function piecesOf(text: string, size = 12): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

/** The longest passage text a model is given (characters), and earlier turns. */
const PROMPT_PASSAGE_CHARS = 600;
const HISTORY_TURN_CHARS = 1000;

/**
 * What a language model is asked: answer only from the numbered passages of the enterprise's own
 * content, cite them by number, and say so when they hold no answer (never make one up); then the
 * conversation's earlier turns and the question.
 */
export function modelPrompt(lang: Lang, passages: FoundPassage[], history: ChatTurn[], question: string): ChatTurn[] {
  const material = passages
    .map((p, i) => `[${i + 1}] ${p.title}\n${p.body.slice(0, PROMPT_PASSAGE_CHARS)}`)
    .join('\n\n');
  const system =
    lang === 'en'
      ? `You are the study assistant of an enterprise learning portal. Answer the learner's question in English, briefly and accurately, using only the numbered material below from the enterprise's own courses and news. Cite the material you use with its number, like [1]. If the material does not answer the question, say plainly that nothing on this portal covers it; never make up an answer.\n\nMaterial:\n${material || '(none found)'}`
      : `你是企业学习平台的学习助手。请只依据下面编号的资料（来自本平台自己的课程和资讯）用中文简明准确地回答学员的问题，引用资料时在句末标注编号，如[1]。资料中没有答案时，直接说明本平台的课程中没有相关内容，不要编造。\n\n资料：\n${material || '（没有找到相关资料）'}`;
  return [
    { role: 'system', content: system },
    ...history.map((turn) => ({ ...turn, content: turn.content.slice(0, HISTORY_TURN_CHARS) })),
    { role: 'user', content: question },
  ];
}
