import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button, Drawer, Result } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { XProvider } from '@ant-design/x';
import xEnUS from '@ant-design/x/locale/en_US';
import xZhCN from '@ant-design/x/locale/zh_CN';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import { antdTheme } from '../../lib/antd-theme.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useCurrentUser, useSite } from '../../lib/root-data.ts';
import { AntdRoot } from '../antd/antd-root.tsx';
import { LinkButton } from '../antd/link-button.tsx';
import { assistantMessages } from './assistant-messages.ts';
import { ChatView, HistoryView, useChat } from './assistant-panel.tsx';
import './assistant.css';

/**
 * @ant-design/x's components under the tenant theme and the page's language. The portal's antd
 * runs without run-time styles (its stylesheet is built once, decision 003), and the stylesheet
 * holds none of @ant-design/x's: inside the drawer styles are made at run time, under the same
 * variable key (`portal`), so the tenant's colours apply to both.
 */
function ChatTheme({ children }: { children: ReactNode }) {
  const lang = useLang();
  const { website } = useSite();
  const theme = useMemo(() => antdTheme(website.websiteThemeColor, false), [website.websiteThemeColor]);
  const locale = useMemo(() => (lang === 'en' ? { ...enUS, ...xEnUS } : { ...zhCN, ...xZhCN }), [lang]);
  return (
    <XProvider theme={theme} locale={locale}>
      {children}
    </XProvider>
  );
}

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The course the page is about: suggested as a first question. */
  courseTitle?: string | undefined;
}

/**
 * The study assistant in a drawer at the right (the float window's AI助手, the course page's and
 * the player's 问AI助手): the conversation, or the history of conversations; a visitor is asked to
 * sign in. Loaded lazily (launcher.tsx).
 */
export default function AssistantDrawer(props: DrawerProps) {
  return (
    <AntdRoot>
      <ChatTheme>
        <AssistantDrawerBody {...props} />
      </ChatTheme>
    </AntdRoot>
  );
}

function AssistantDrawerBody({ open, onClose, courseTitle }: DrawerProps) {
  const t = useMessages(assistantMessages);
  const user = useCurrentUser();
  const title = (
    <span className="portal-assistant-title">
      <RobotOutlined aria-hidden="true" /> {t.title}
    </span>
  );
  const common = {
    open,
    onClose,
    title,
    size: 560,
    rootClassName: 'portal-assistant-drawer',
  } as const;
  if (!user) {
    return (
      <Drawer {...common}>
        <SignInPrompt />
      </Drawer>
    );
  }
  // Keyed by the person: another one signed in gets a drawer of their own.
  return (
    <SignedInDrawer
      key={`${user.eid}|${user.phone}`}
      {...common}
      owner={`${user.eid}|${user.phone}`}
      courseTitle={courseTitle}
    />
  );
}

function SignedInDrawer({
  owner,
  courseTitle,
  onClose,
  ...drawer
}: Omit<React.ComponentProps<typeof Drawer>, 'children'> & {
  owner: string;
  courseTitle?: string | undefined;
  onClose: () => void;
}) {
  const t = useMessages(assistantMessages);
  const lang = useLang();
  const chat = useChat(owner);
  const [view, setView] = useState<'chat' | 'history'>('chat');
  const extra =
    view === 'chat' ? (
      <div className="portal-assistant-extra">
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          disabled={chat.state.turns.length === 0 && chat.state.conversationId === null}
          onClick={() => chat.session.reset()}
        >
          {t.newChat}
        </Button>
        <Button icon={<HistoryOutlined aria-hidden="true" />} onClick={() => setView('history')}>
          {t.history}
        </Button>
      </div>
    ) : (
      <Button onClick={() => setView('chat')}>{t.backToChat}</Button>
    );
  return (
    <Drawer {...drawer} onClose={onClose} extra={extra}>
      {/* Kept while the history shows: what the learner was typing stays. */}
      <ChatView chat={chat} courseTitle={courseTitle} onLeave={onClose} hidden={view !== 'chat'} />
      {view === 'history' && (
        <HistoryView
          chat={chat}
          onOpen={(id) => {
            void chat.session.open(id, lang);
            setView('chat');
          }}
        />
      )}
    </Drawer>
  );
}

/** A visitor's drawer: what the assistant does, and the way to sign in (back to this page after). */
function SignInPrompt() {
  const t = useMessages(assistantMessages);
  const lang = useLang();
  const { pathname, search } = useLocation();
  const to = `${localePath('/login', lang)}?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <Result
      icon={<RobotOutlined aria-hidden="true" />}
      title={t.signInTitle}
      subTitle={t.signInText}
      extra={
        <LinkButton type="primary" to={to}>
          {t.signIn}
        </LinkButton>
      }
    />
  );
}
