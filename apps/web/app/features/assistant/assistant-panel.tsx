import { forwardRef, useMemo, useState, useSyncExternalStore, type ComponentProps, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Empty, Input, Select, Spin, Tag } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  Bubble,
  Conversations,
  Prompts,
  Sender,
  Welcome,
  type BubbleItemType,
  type ConversationItemType,
} from '@ant-design/x';
import ClearOutlined from '@ant-design/icons/ClearOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import {
  ASSISTANT_QUESTION_MAX,
  clearAssistantConversations,
  deleteAssistantConversation,
  findAssistantConversations,
  findAvailableAiModels,
  type AssistantConversation,
} from '@portal/contract/calls/assistant';
import { request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useCall, useLoad } from '../../lib/use-call.ts';
import { assistantMessages, type AssistantTexts } from './assistant-messages.ts';
import { citationParts, sourceHref, type ChatState, type ChatTurn } from './chat-state.ts';
import { chatSessionFor, type ChatSession } from './chat-store.ts';

export interface Chat {
  session: ChatSession;
  state: ChatState;
}

/** The signed-in person's conversation (`owner`: who, in which enterprise), kept across drawers and pages. */
export function useChat(owner: string): Chat {
  const session = useMemo(() => chatSessionFor(owner), [owner]);
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { session, state };
}

/** A plain click: the drawer closes as the page changes (a click that opens a new tab leaves it open). */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * An answer's text, as text (never HTML): its citations ([1], [2]…) link to their sources. `white-space:
 * pre-wrap` keeps the paragraphs of the answer.
 */
function AnswerText({ turn, t, onLeave }: { turn: ChatTurn; t: AssistantTexts; onLeave: () => void }) {
  const lang = useLang();
  // Stopped or failed before a word came: said so, not an empty bubble (why: under it).
  if (turn.content === '' && (turn.status === 'stopped' || turn.status === 'failed')) {
    return <span className="portal-assistant-none">{t.noAnswer}</span>;
  }
  return (
    <div className="portal-assistant-text">
      {citationParts(turn.content, turn.sources).map((part, i) => {
        const href = 'source' in part ? sourceHref(part.source.link, lang) : null;
        return href && 'source' in part ? (
          <Link
            key={i}
            className="portal-assistant-cite"
            to={href}
            title={part.source.title}
            onClick={(e) => isPlainClick(e) && onLeave()}
          >
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        );
      })}
    </div>
  );
}

/** How the answer was made: quoted passages (no model configured) or the model's name. */
function AnswerHeader({ turn, t }: { turn: ChatTurn; t: AssistantTexts }) {
  if (turn.mode === 'extractive') {
    return (
      <Tag className="portal-assistant-mode" title={t.extractiveNote}>
        {t.extractive}
      </Tag>
    );
  }
  if (turn.mode === 'model' && turn.model) {
    return (
      <Tag className="portal-assistant-mode" icon={<RobotOutlined aria-hidden="true" />}>
        {turn.model}
      </Tag>
    );
  }
  return null;
}

/** Under an answer: its sources as numbered links, and how it ended when not in full. */
function AnswerFooter({ turn, t, onLeave }: { turn: ChatTurn; t: AssistantTexts; onLeave: () => void }) {
  const lang = useLang();
  const sources = turn.sources.flatMap((s) => {
    const href = sourceHref(s.link, lang);
    return href ? [{ ...s, href }] : [];
  });
  if (sources.length === 0 && turn.status !== 'stopped' && turn.status !== 'failed') return null;
  return (
    <div className="portal-assistant-footer">
      {turn.status === 'stopped' && <Tag className="portal-assistant-stopped">{t.stopped}</Tag>}
      {turn.status === 'failed' && (
        <Alert className="portal-assistant-failed" type="error" showIcon title={turn.error ?? t.failed} />
      )}
      {sources.length > 0 && (
        <section className="portal-assistant-sources" aria-label={t.sources}>
          <p className="portal-assistant-sources-title">{t.sources}</p>
          <ol>
            {sources.map((s) => (
              <li key={s.index}>
                <span className="portal-assistant-source-index">[{s.index}]</span>{' '}
                <Link to={s.href} onClick={(e) => isPlainClick(e) && onLeave()}>
                  {s.title}
                </Link>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/** The question box's textarea with its accessible name (the box's placeholder is only a hint). */
function useLabelledTextArea(label: string) {
  return useMemo(
    () =>
      forwardRef<TextAreaRef, ComponentProps<typeof Input.TextArea>>(function QuestionInput(props, ref) {
        return <Input.TextArea {...props} ref={ref} aria-label={label} />;
      }),
    [label],
  );
}

/** What an empty conversation suggests asking: about the page's course, or about studying here. */
function suggestions(t: AssistantTexts, courseTitle: string | undefined): string[] {
  return courseTitle
    ? [format(t.aboutCourse, { title: courseTitle }), format(t.courseKeyPoints, { title: courseTitle })]
    : [t.generalCourses, t.generalCredits];
}

/**
 * The conversation: a welcome with suggested questions while it is empty, the questions (right)
 * and answers (left) as they stream, the model when there is a choice, the day's remaining
 * questions, and the question box (Enter sends; 停止 while an answer streams).
 */
export function ChatView({
  chat,
  courseTitle,
  onLeave,
  hidden,
}: {
  chat: Chat;
  courseTitle?: string | undefined;
  /** A source was opened: the drawer closes. */
  onLeave: () => void;
  /** The history shows in its place. */
  hidden: boolean;
}) {
  const t = useMessages(assistantMessages);
  const lang = useLang();
  const { session, state } = chat;
  const [draft, setDraft] = useState('');
  const [tooLong, setTooLong] = useState(false);
  const models = useCall(findAvailableAiModels, {}, { quiet: true }).data ?? [];
  // A model the learner chose that is no longer offered: the default answers.
  const chosen = models.find((m) => m.id === state.modelId)?.id;
  const answering = state.answering !== null;
  const QuestionInput = useLabelledTextArea(t.questionLabel);

  const ask = async (text: string) => {
    const content = text.trim();
    if (!content || answering) return;
    if (content.length > ASSISTANT_QUESTION_MAX) {
      setTooLong(true);
      return;
    }
    setTooLong(false);
    setDraft('');
    await session.ask(content, { lang, modelId: chosen });
    // Refused before it was stored (the daily limit…): the question goes back into the box.
    const refused = session.getState().refusal;
    if (refused?.question === content) setDraft((d) => d || content);
  };

  const last = state.turns.at(-1);
  const items: BubbleItemType[] = state.turns.map((turn) =>
    turn.role === 'user'
      ? { key: turn.key, role: 'user', content: turn.content }
      : {
          key: turn.key,
          role: 'ai',
          content: turn.content,
          loading: turn.status === 'waiting',
          streaming: turn.status === 'streaming',
          contentRender: () => <AnswerText turn={turn} t={t} onLeave={onLeave} />,
          header: <AnswerHeader turn={turn} t={t} />,
          footer: <AnswerFooter turn={turn} t={t} onLeave={onLeave} />,
        },
  );

  return (
    <div className="portal-assistant-chat" hidden={hidden}>
      {state.opening ? (
        <div className="portal-assistant-opening">
          <Spin />
        </div>
      ) : items.length === 0 ? (
        <div className="portal-assistant-welcome">
          <Welcome
            variant="borderless"
            icon={<RobotOutlined aria-hidden="true" className="portal-assistant-welcome-icon" />}
            title={t.welcomeTitle}
            description={t.welcomeText}
          />
          <Prompts
            title={t.promptsTitle}
            vertical
            // Each suggestion is a button (keyboard and screen readers); its click reaches the item.
            items={suggestions(t, courseTitle).map((text) => ({
              key: text,
              description: (
                <button type="button" className="portal-assistant-prompt">
                  {text}
                </button>
              ),
            }))}
            onItemClick={({ data }) => void ask(data.key)}
          />
        </div>
      ) : (
        <Bubble.List
          className="portal-assistant-bubbles"
          items={items}
          role={{
            ai: {
              placement: 'start',
              variant: 'outlined',
              loadingRender: () => (
                <span className="portal-assistant-waiting">
                  <Spin size="small" /> {t.answering}
                </span>
              ),
            },
            user: { placement: 'end', variant: 'filled' },
          }}
        />
      )}
      {/* Said once an answer ends (the text streams in silently). */}
      <p className="portal-visually-hidden" role="status">
        {last?.role === 'assistant' && !answering
          ? last.status === 'done'
            ? t.answered
            : last.status === 'stopped'
              ? t.stopped
              : last.status === 'failed'
                ? (last.error ?? t.failed)
                : ''
          : ''}
      </p>
      <div className="portal-assistant-compose">
        {state.refusal && (
          <Alert
            type="warning"
            showIcon
            closable={{ 'aria-label': t.close }}
            title={state.refusal.message}
            onClose={() => session.dismissRefusal()}
          />
        )}
        {tooLong && <Alert type="warning" showIcon title={format(t.tooLong, { max: ASSISTANT_QUESTION_MAX })} />}
        <div className="portal-assistant-meta">
          {models.length > 1 && (
            <Select
              size="small"
              aria-label={t.model}
              className="portal-assistant-model"
              value={chosen ?? models[0]?.id}
              options={models.map((m) => ({ value: m.id, label: m.label }))}
              onChange={(v: number) => session.chooseModel(v)}
              disabled={answering}
            />
          )}
          {state.quota && (
            <span className="portal-assistant-quota">
              {format(t.quota, {
                left: Math.max(0, state.quota.dailyLimit - state.quota.questionsToday),
                limit: state.quota.dailyLimit,
              })}
            </span>
          )}
        </div>
        <Sender
          value={draft}
          onChange={(v) => {
            setDraft(v);
            if (tooLong) setTooLong(false);
          }}
          onSubmit={(v) => void ask(v)}
          loading={answering}
          onCancel={() => session.stop()}
          disabled={state.opening}
          placeholder={t.placeholder}
          autoSize={{ minRows: 1, maxRows: 6 }}
          components={{ input: QuestionInput }}
          suffix={(_, { components: { SendButton, LoadingButton } }) =>
            answering ? (
              <LoadingButton aria-label={t.stop} title={t.stop} />
            ) : (
              <SendButton aria-label={t.send} title={t.send} />
            )
          }
        />
      </div>
    </div>
  );
}

const HISTORY_PAGE = 20;

/**
 * The learner's conversations, latest first, 20 at a time: one opens in the chat; each can be
 * deleted, or all cleared, after a confirmation.
 */
export function HistoryView({ chat, onOpen }: { chat: Chat; onOpen: (id: number) => void }) {
  const t = useMessages(assistantMessages);
  const { modal, message } = App.useApp();
  const [page, setPage] = useState(1);
  // Pages as asked, without the ones already listed (a deletion moves the later ones up a place).
  const { data, loading, setData, reload } = useLoad<{ list: AssistantConversation[]; total: number }>(
    async (signal, previous) => {
      const r = await request(findAssistantConversations, { pageCurrent: page, pageSize: HISTORY_PAGE }, { signal });
      const kept = page === 1 ? [] : (previous?.list ?? []);
      const known = new Set(kept.map((c) => c.id));
      return { list: [...kept, ...r.list.filter((c) => !known.has(c.id))], total: r.totalCount };
    },
    [page],
  );
  const list = data?.list ?? [];
  const total = data?.total ?? 0;

  const remove = (c: AssistantConversation) =>
    modal.confirm({
      title: t.deleteTitle,
      content: format(t.deleteConfirm, { title: c.title }),
      okText: t.delete,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      onOk: async () => {
        await request(deleteAssistantConversation, { id: c.id });
        setData((d) => d && { list: d.list.filter((x) => x.id !== c.id), total: d.total - 1 });
        chat.session.forget(c.id);
        void message.success(t.deleted);
      },
    });

  const clearAll = () =>
    modal.confirm({
      title: t.clearAll,
      content: t.clearConfirm,
      okText: t.ok,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      onOk: async () => {
        await request(clearAssistantConversations, {});
        setData({ list: [], total: 0 });
        setPage(1);
        chat.session.forget(null);
        void message.success(t.cleared);
      },
    });

  const items: ConversationItemType[] = list.map((c) => ({
    key: String(c.id),
    // A button: the conversation opens from the keyboard too (its click reaches the item).
    label: (
      <button type="button" className="portal-assistant-conversation">
        <span className="portal-assistant-conversation-title">{c.title}</span>
        <span className="portal-assistant-conversation-time">{dateTime(c.updatedAt)}</span>
      </button>
    ),
  }));

  return (
    <div className="portal-assistant-history">
      <div className="portal-assistant-history-head">
        <h2 className="portal-assistant-history-title">{t.history}</h2>
        <Button icon={<ClearOutlined aria-hidden="true" />} danger disabled={list.length === 0} onClick={clearAll}>
          {t.clearAll}
        </Button>
      </div>
      {list.length === 0 ? (
        loading ? (
          <div className="portal-assistant-opening">
            <Spin />
          </div>
        ) : (
          <Empty description={t.noHistory} />
        )
      ) : (
        <Conversations
          className="portal-assistant-conversations"
          items={items}
          activeKey={chat.state.conversationId === null ? undefined : String(chat.state.conversationId)}
          onActiveChange={(key) => onOpen(Number(key))}
          menu={(item) => {
            const c = list.find((x) => String(x.id) === item.key)!;
            return {
              items: [{ key: 'delete', label: t.delete, danger: true, icon: <DeleteOutlined aria-hidden="true" /> }],
              onClick: ({ domEvent }) => {
                domEvent.stopPropagation();
                remove(c);
              },
              trigger: (
                <Button
                  type="text"
                  size="small"
                  icon={<EllipsisOutlined aria-hidden="true" />}
                  aria-label={format(t.actionsOf, { title: c.title })}
                />
              ),
            };
          }}
        />
      )}
      {list.length < total && (
        <Button
          className="portal-assistant-more"
          block
          loading={loading}
          onClick={() => {
            // After deletions the page that holds the next ones may be the one loaded last.
            const next = Math.floor(list.length / HISTORY_PAGE) + 1;
            if (next === page) void reload();
            else setPage(next);
          }}
        >
          {t.loadMore}
        </Button>
      )}
    </div>
  );
}
