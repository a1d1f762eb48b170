import type { Lang } from './errors.ts';

/** Longest announcement comment or reply, in characters (decision 014). */
export const COMMENT_MAX_LENGTH = 200;

export const commentMessages = {
  zh: { required: '请输入评论内容', tooLong: `评论内容不能超过${COMMENT_MAX_LENGTH}个字` },
  en: {
    required: 'Please enter a comment',
    tooLong: `A comment can have at most ${COMMENT_MAX_LENGTH} characters`,
  },
} as const satisfies Record<Lang, { required: string; tooLong: string }>;

/**
 * The one rule of comments and replies, for the server and the form: not blank, at most
 * COMMENT_MAX_LENGTH characters (counted as the reader sees them, after trimming). Answers the
 * message in both languages, or null when the text is fine.
 */
export function commentProblem(content: string): 'required' | 'tooLong' | null {
  const text = content.trim();
  if (!text) return 'required';
  if ([...text].length > COMMENT_MAX_LENGTH) return 'tooLong';
  return null;
}
