import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import {
  ASSISTANT_DEFAULT_DAILY_LIMIT,
  findAdminAiModels,
  rebuildAssistantIndex,
  saveAssistantSettings,
  viewAssistantSettings,
  type AdminAiModel,
  type AssistantSettings,
} from '@portal/contract/calls/assistant';
import { ErrorCode } from '@portal/contract/error-codes';
import { handleErrorEnvelope, request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useMessages } from '../../../lib/i18n.ts';
import { useAction } from '../../../lib/use-call.ts';
import {
  API_KEY_MAX,
  DAILY_LIMIT_MAX,
  baseUrlProblem,
  dailyLimitProblem,
  defaultModelOf,
  extractiveReason,
  keyWillDrop,
  settingsRequest,
  settingsValues,
  type AssistantSettingsValues,
} from './assistant-form.ts';
import { AssistantHeader } from './assistant-header.tsx';
import { assistantMessages, type AssistantText } from './assistant-messages.ts';
import { AssistantModels } from './assistant-models.tsx';

export interface AssistantSettingsData {
  settings: AssistantSettings | null;
  models: AdminAiModel[] | null;
  error: string | null;
}

/** How often a rebuild's end is asked for, and for how long (then the page says to look later). */
const POLL_MS = 1500;
const POLL_TRIES = 80;

/**
 * /crm/assistant: the enterprise's AI study assistant — whether a model or the extractive answer
 * serves learners and why, the service (on or off, the OpenAI-compatible address, the write-only
 * key, the daily limit), its models, and the search index with its rebuild, followed until done.
 */
export function AssistantSettingsView(data: AssistantSettingsData) {
  const t = useMessages(assistantMessages);
  const { message } = App.useApp();
  // What the gateway answered last; the loader's data again when it loads anew.
  const [loaded, setLoaded] = useState(data);
  const [settings, setSettings] = useState(data.settings);
  const [models, setModels] = useState(data.models ?? []);
  if (loaded !== data) {
    setLoaded(data);
    setSettings(data.settings);
    setModels(data.models ?? []);
  }
  const refresh = useAction(async () => {
    const [s, m] = await Promise.all([
      request(viewAssistantSettings, {}, { quiet: true }),
      request(findAdminAiModels, {}, { quiet: true }),
    ]);
    setSettings(s);
    setModels(m);
  });

  // A rebuild under way is followed until it ends; one asked for here says so when it does.
  const rebuilding = settings?.index.rebuilding ?? false;
  const asked = useRef(false);
  const [gaveUp, setGaveUp] = useState(false);
  const sayRebuilt = useRef((_n: number) => {});
  useEffect(() => {
    sayRebuilt.current = (n) => void message.success(format(t.rebuilt, { n }));
  });
  useEffect(() => {
    if (!rebuilding) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const poll = () => {
      timer = setTimeout(() => {
        void request(viewAssistantSettings, {}, { quiet: true, signal: controller.signal }).then(
          (s) => {
            setSettings((prev) => prev && { ...prev, index: s.index, mode: s.mode });
            if (s.index.rebuilding) {
              tries += 1;
              if (tries < POLL_TRIES) poll();
              else setGaveUp(true);
            } else if (asked.current) {
              asked.current = false;
              sayRebuilt.current(s.index.passages);
            }
          },
          // Shown by the request layer (or given up on leaving): no more asking.
          () => undefined,
        );
      }, POLL_MS);
    };
    poll();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [rebuilding]);
  const rebuild = useAction(async () => {
    const index = await request(rebuildAssistantIndex, {});
    asked.current = true;
    setGaveUp(false);
    setSettings((prev) => prev && { ...prev, index });
    void message.info(t.rebuildStarted);
  });

  if (!settings) {
    return (
      <>
        <AssistantHeader active="settings" />
        <Alert type="error" showIcon title={data.error} />
      </>
    );
  }
  const index = settings.index;
  return (
    <>
      <AssistantHeader active="settings" />
      <Typography.Paragraph type="secondary" style={{ maxWidth: 960 }}>
        {t.intro}
      </Typography.Paragraph>
      <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 960 }}>
        <ModeAlert settings={settings} models={models} t={t} />
        <SettingsForm settings={settings} onSaved={setSettings} t={t} />
        <AssistantModels models={models} settings={settings} onChanged={refresh.run} />
        <Section title={t.indexCard}>
          <Typography.Paragraph type="secondary">{t.indexIntro}</Typography.Paragraph>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              {
                key: 'passages',
                label: t.passages,
                children: <span data-index="passages">{index.passages}</span>,
              },
              {
                key: 'indexedAt',
                label: t.indexedAt,
                children: <span data-index="indexedAt">{index.indexedAt ? dateTime(index.indexedAt) : t.never}</span>,
              },
              {
                key: 'state',
                label: t.indexState,
                children: (
                  <Tag
                    data-index="state"
                    color={index.rebuilding ? 'processing' : index.indexedAt ? 'success' : 'default'}
                  >
                    {index.rebuilding ? t.rebuilding : index.indexedAt ? t.indexReady : t.never}
                  </Tag>
                ),
              },
            ]}
          />
          {gaveUp && <Alert type="info" showIcon title={t.stillRebuilding} style={{ marginBottom: 16 }} />}
          <Button
            icon={<ReloadOutlined />}
            loading={rebuild.running || index.rebuilding}
            onClick={() => void rebuild.run()}
          >
            {t.rebuild}
          </Button>
        </Section>
      </Space>
    </>
  );
}

/** Who answers the learners now — a model (the default named) or the extractive answer and why — and whether they can ask. */
function ModeAlert({ settings, models, t }: { settings: AssistantSettings; models: AdminAiModel[]; t: AssistantText }) {
  const reason = extractiveReason(settings, models);
  return (
    <div data-assistant-mode={settings.mode}>
      {!settings.enabled && <Alert type="warning" showIcon title={t.disabledNote} style={{ marginBottom: 8 }} />}
      {settings.mode === 'model' ? (
        <Alert type="success" showIcon title={format(t.modeModel, { label: defaultModelOf(models)?.label ?? '' })} />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t.modeExtractive}
          description={reason === 'address' ? t.needAddress : reason === 'model' ? t.needModel : undefined}
        />
      )}
    </div>
  );
}

/**
 * The service's settings. The key is write-only: an empty password box (left empty it keeps the
 * stored key) beside whether one is stored, a box to remove it, and a warning when the address
 * moves to another host (the gateway then drops the key: it goes only where it was given for).
 */
function SettingsForm({
  settings,
  onSaved,
  t,
}: {
  settings: AssistantSettings;
  onSaved: (s: AssistantSettings) => void;
  t: AssistantText;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AssistantSettingsValues>();
  // Undefined until the form is there (the server's render): the stored values then.
  const baseUrl = Form.useWatch('baseUrl', form) ?? settings.baseUrl;
  const apiKey = Form.useWatch('apiKey', form) ?? '';
  const clearApiKey = Form.useWatch('clearApiKey', form) ?? false;
  const dropping = keyWillDrop(settings, { enabled: true, baseUrl, apiKey, clearApiKey, dailyLimit: null });
  const save = useAction(async (v: AssistantSettingsValues) => {
    const input = settingsRequest(v);
    const env = await request(saveAssistantSettings, { ...input, _No_dispose: true });
    if (env.code !== ErrorCode.OK) {
      if (env.code !== ErrorCode.ASSISTANT_PROVIDER_URL_INVALID) handleErrorEnvelope(env);
      form.setFields([{ name: 'baseUrl', errors: [env.message] }]);
      void form.scrollToField('baseUrl');
      return;
    }
    const saved = env.data;
    const dropped = settings.apiKeySet && !saved.apiKeySet && !input.clearApiKey;
    onSaved(saved);
    // The key's box empties again: a key typed is stored, never shown back.
    form.setFieldsValue(settingsValues(saved));
    void message.success(t.settingsSaved);
    if (dropped) void message.warning(t.keyDropped);
  });
  const keyId = 'assistant-settings-api-key';

  return (
    <Section title={t.serviceCard}>
      <Form<AssistantSettingsValues>
        form={form}
        name="assistantSettings"
        layout="vertical"
        initialValues={settingsValues(settings)}
        onFinish={(v) => void save.run(v)}
      >
        <Form.Item name="enabled" label={t.enabled} extra={t.enabledHint} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="baseUrl"
          label={t.baseUrl}
          extra={t.baseUrlHint}
          rules={[
            {
              validator: async (_r, value: string | undefined) => {
                const problem = baseUrlProblem(value, t);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input spellCheck={false} placeholder="https://api.deepseek.com/v1" style={{ maxWidth: 560 }} />
        </Form.Item>
        <Form.Item label={t.apiKey} htmlFor={keyId} extra={t.apiKeyHint}>
          <Space wrap>
            <Form.Item
              name="apiKey"
              noStyle
              rules={[{ max: API_KEY_MAX, message: format(t.tooLong, { label: t.apiKey, max: API_KEY_MAX }) }]}
            >
              <Input.Password
                id={keyId}
                visibilityToggle={false}
                autoComplete="new-password"
                spellCheck={false}
                disabled={clearApiKey}
                placeholder={settings.apiKeySet ? t.keyPlaceholderSet : t.keyPlaceholder}
                style={{ width: 320 }}
              />
            </Form.Item>
            <Tag color={settings.apiKeySet ? 'success' : 'default'} data-key-state="apiKey">
              {settings.apiKeySet ? t.keySet : t.keyUnset}
            </Tag>
            {settings.apiKeySet && (
              <Form.Item name="clearApiKey" valuePropName="checked" noStyle>
                <Checkbox>{t.clearKey}</Checkbox>
              </Form.Item>
            )}
          </Space>
        </Form.Item>
        {dropping && <Alert type="warning" showIcon title={t.keyWillDrop} style={{ marginBottom: 24 }} />}
        <Form.Item
          name="dailyLimit"
          label={t.dailyLimit}
          extra={format(t.dailyLimitHint, { n: ASSISTANT_DEFAULT_DAILY_LIMIT })}
          rules={[
            {
              validator: async (_r, value: number | null | undefined) => {
                const problem = dailyLimitProblem(value, t);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <InputNumber min={1} max={DAILY_LIMIT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.running}>
          {t.save}
        </Button>
      </Form>
    </Section>
  );
}

/** A card of the page, a named region. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Card title={title} size="small">
        {children}
      </Card>
    </section>
  );
}
