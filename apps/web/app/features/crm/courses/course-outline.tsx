import { useState, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import {
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type MeasuringConfiguration,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRevalidator } from 'react-router';
import {
  COURSE_TITLE_MAX,
  PERIOD_SECONDS_MAX,
  deleteAdminChapter,
  deleteAdminPeriod,
  reorderAdminCourse,
  saveAdminChapter,
  saveAdminPeriod,
  type AdminChapter,
  type AdminPeriod,
} from '@portal/contract/calls/course-admin';
import { request } from '../../../lib/api.ts';
import { format, useMessages } from '../../../lib/i18n.ts';
import { MaterialSelect } from '../media/material-select.tsx';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { courseMessages } from './course-messages.ts';

type T = Record<keyof (typeof courseMessages)['zh'], string>;

/** One draggable row: the handle carries the drag listeners (keyboard too), the rest stays clickable. */
function SortableRow({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={label}
      style={{ cursor: 'grab' }}
      {...attributes}
      {...listeners}
    />
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        marginBottom: 8,
      }}
    >
      {children(handle)}
    </div>
  );
}

/**
 * Droppables measured before a drag too (the lists are short): the keyboard sensor's first arrow
 * key right after Space then finds every row's place, instead of nothing while the measuring that
 * dragging starts is still scheduled.
 */
const MEASURING: MeasuringConfiguration = { droppable: { strategy: MeasuringStrategy.Always } };

/**
 * What a screen reader hears while a row is moved with the keyboard, by the rows' titles. dnd-kit
 * reports the row over its own place as soon as it is picked up: that says nothing, so the pickup's
 * announcement stays.
 */
function announcementsOf(t: T, titleOf: (id: UniqueIdentifier) => string): Announcements {
  return {
    onDragStart: ({ active }) => format(t.dragPicked, { name: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? format(t.dragOver, { name: titleOf(active.id), over: titleOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? format(t.dragDropped, { name: titleOf(active.id), over: titleOf(over.id) })
        : format(t.dragUnmoved, { name: titleOf(active.id) }),
    onDragCancel: ({ active }) => format(t.dragCancelled, { name: titleOf(active.id) }),
  };
}

/**
 * 上移 and 下移 beside a row's handle: the single-pointer (and plain keyboard) alternative to
 * dragging that WCAG 2.5.7 asks for; the first row cannot go up nor the last down.
 */
function MoveButtons({
  t,
  title,
  index,
  count,
  onMove,
}: {
  t: T;
  title: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`${t.moveUp}: ${title}`}
        title={t.moveUp}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`${t.moveDown}: ${title}`}
        title={t.moveDown}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      />
    </>
  );
}

const periodTypeText = (t: T, type: number) => (type === 1 ? t.video : type === 2 ? t.document : t.imageText);

interface PeriodValues {
  title: string;
  periodType: 1 | 2 | 3;
  materialId?: number;
  content?: string;
  durationSeconds?: number;
  freeTrial: boolean;
  required: boolean;
}

function PeriodDialog({
  courseId,
  chapterId,
  period,
  onClose,
}: {
  courseId: number;
  chapterId: number;
  period: AdminPeriod | null;
  onClose: (saved: boolean) => void;
}) {
  const t = useMessages(courseMessages);
  const [form] = Form.useForm<PeriodValues>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('periodType', form) ?? period?.periodType ?? 3;
  const save = async (v: PeriodValues) => {
    setSaving(true);
    try {
      await request(saveAdminPeriod, {
        courseId,
        chapterId,
        ...(period ? { periodId: period.id } : {}),
        title: v.title,
        periodType: v.periodType,
        materialId: v.periodType === 3 ? null : (v.materialId ?? null),
        content: v.periodType === 3 ? (v.content ?? '') : '',
        durationSeconds: v.durationSeconds ?? 0,
        freeTrial: v.freeTrial,
        required: v.required,
      });
      onClose(true);
    } catch {
      // The request layer has shown the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={820}
      title={period ? t.editPeriod : t.addPeriod}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      {/* Named: its ids (period_title…) must not repeat the course form's on the same page. */}
      <Form<PeriodValues>
        name="period"
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          title: period?.title ?? '',
          periodType: (period?.periodType as 1 | 2 | 3 | undefined) ?? 3,
          materialId: period?.materialId ?? undefined,
          content: period?.content ?? '',
          durationSeconds: period?.durationSeconds ?? 0,
          freeTrial: period?.freeTrial ?? false,
          required: period?.required ?? true,
        }}
      >
        <Form.Item
          name="title"
          label={t.periodTitle}
          rules={[{ required: true, whitespace: true, message: t.periodTitle }]}
        >
          <Input maxLength={COURSE_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="periodType" label={t.periodType}>
          <Radio.Group
            options={[
              { value: 1, label: t.video },
              { value: 2, label: t.document },
              { value: 3, label: t.imageText },
            ]}
          />
        </Form.Item>
        {type === 3 ? (
          <Form.Item name="content" label={t.content}>
            <RichTextEditor minHeight={220} label={t.content} />
          </Form.Item>
        ) : (
          <Form.Item
            key={type}
            name="materialId"
            label={t.material}
            rules={[{ required: true, message: t.materialRequired }]}
          >
            <MaterialSelect kind={type === 1 ? 1 : 2} />
          </Form.Item>
        )}
        <Space size="large" wrap>
          {type !== 1 && (
            <Form.Item name="durationSeconds" label={t.minSeconds}>
              <InputNumber min={0} max={PERIOD_SECONDS_MAX} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="freeTrial" label={t.freeTrial} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="required" label={t.required} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/**
 * The course's chapters and periods (decision 039): add, rename and delete; drag a chapter or a
 * period (by its handle, or with the keyboard) to reorder, sent as one call with the whole order.
 */
export function CourseOutline({ courseId, chapters: loaded }: { courseId: number; chapters: AdminChapter[] }) {
  const t = useMessages(courseMessages);
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  // The order shown: the loader's, moved at once by a drag while its call runs.
  const [order, setOrder] = useState<{ from: AdminChapter[]; chapters: AdminChapter[] }>({
    from: loaded,
    chapters: loaded,
  });
  const chapters = order.from === loaded ? order.chapters : loaded;
  const [dialog, setDialog] = useState<{ chapterId: number; period: AdminPeriod | null } | null>(null);
  const [chapterTitle, setChapterTitle] = useState<{ chapterId?: number; title: string } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      void message.success(t.saved);
    } catch {
      // The request layer has shown the reason.
    }
    void revalidate();
  };

  const reorder = (next: AdminChapter[]) => {
    setOrder({ from: loaded, chapters: next });
    void run(() =>
      request(reorderAdminCourse, {
        courseId,
        chapters: next.map((c) => ({ chapterId: c.id, periodIds: c.periods.map((p) => p.id) })),
      }),
    );
  };

  const titles = new Map<UniqueIdentifier, string>(
    chapters.flatMap((c) => [[`c${c.id}`, c.title] as const, ...c.periods.map((p) => [`p${p.id}`, p.title] as const)]),
  );
  const accessibility = {
    announcements: announcementsOf(t, (id) => titles.get(id) ?? String(id)),
    screenReaderInstructions: { draggable: t.dragInstructions },
  };
  const moveChapter = (from: number, to: number) => reorder(arrayMove(chapters, from, to));
  const movePeriod = (chapter: AdminChapter, from: number, to: number) =>
    reorder(chapters.map((c) => (c.id === chapter.id ? { ...c, periods: arrayMove(c.periods, from, to) } : c)));

  const onChapterDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = chapters.findIndex((c) => `c${c.id}` === active.id);
    const to = chapters.findIndex((c) => `c${c.id}` === over.id);
    if (from >= 0 && to >= 0) moveChapter(from, to);
  };
  const onPeriodDragEnd =
    (chapter: AdminChapter) =>
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      const from = chapter.periods.findIndex((p) => `p${p.id}` === active.id);
      const to = chapter.periods.findIndex((p) => `p${p.id}` === over.id);
      if (from >= 0 && to >= 0) movePeriod(chapter, from, to);
    };

  const saveChapterTitle = async () => {
    if (!chapterTitle?.title.trim()) return;
    const input = {
      courseId,
      title: chapterTitle.title,
      ...(chapterTitle.chapterId ? { chapterId: chapterTitle.chapterId } : {}),
    };
    setChapterTitle(null);
    await run(() => request(saveAdminChapter, input));
  };

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setChapterTitle({ title: '' })}>
          {t.addChapter}
        </Button>
        <Typography.Text type="secondary">{t.dragHint}</Typography.Text>
      </Space>
      {chapters.length === 0 && <Empty description={t.noChapters} />}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        measuring={MEASURING}
        accessibility={accessibility}
        onDragEnd={onChapterDragEnd}
      >
        <SortableContext items={chapters.map((c) => `c${c.id}`)} strategy={verticalListSortingStrategy}>
          {chapters.map((chapter, chapterIndex) => (
            <SortableRow key={chapter.id} id={`c${chapter.id}`} label={`${t.dragHandle}: ${chapter.title}`}>
              {(handle) => (
                <Card
                  size="small"
                  data-testid="course-chapter"
                  title={
                    <Space size={4}>
                      {handle}
                      <MoveButtons
                        t={t}
                        title={chapter.title}
                        index={chapterIndex}
                        count={chapters.length}
                        onMove={(to) => moveChapter(chapterIndex, to)}
                      />
                      {chapter.title}
                    </Space>
                  }
                  extra={
                    <Space>
                      <Button size="small" onClick={() => setDialog({ chapterId: chapter.id, period: null })}>
                        {t.addPeriod}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => setChapterTitle({ chapterId: chapter.id, title: chapter.title })}
                      >
                        {t.rename}
                      </Button>
                      <Popconfirm
                        title={t.confirmDeleteChapter}
                        okText={t.ok}
                        cancelText={t.cancel}
                        onConfirm={() => run(() => request(deleteAdminChapter, { courseId, chapterId: chapter.id }))}
                      >
                        <Button size="small" danger>
                          {t.delete}
                        </Button>
                      </Popconfirm>
                    </Space>
                  }
                >
                  <DndContext
                    sensors={sensors}
                    collisionDetection={closestCenter}
                    measuring={MEASURING}
                    accessibility={accessibility}
                    onDragEnd={onPeriodDragEnd(chapter)}
                  >
                    <SortableContext
                      items={chapter.periods.map((p) => `p${p.id}`)}
                      strategy={verticalListSortingStrategy}
                    >
                      {chapter.periods.map((period, periodIndex) => (
                        <SortableRow key={period.id} id={`p${period.id}`} label={`${t.dragHandle}: ${period.title}`}>
                          {(handle) => (
                            <Space
                              data-testid="course-period"
                              style={{ width: '100%', justifyContent: 'space-between' }}
                            >
                              <Space size={4}>
                                {handle}
                                <MoveButtons
                                  t={t}
                                  title={period.title}
                                  index={periodIndex}
                                  count={chapter.periods.length}
                                  onMove={(to) => movePeriod(chapter, periodIndex, to)}
                                />
                                <Tag>{periodTypeText(t, period.periodType)}</Tag>
                                <span>{period.title}</span>
                                {period.materialTitle && (
                                  <Typography.Text type="secondary">{period.materialTitle}</Typography.Text>
                                )}
                                {period.freeTrial && <Tag color="blue">{t.freeTrial}</Tag>}
                                {!period.required && <Tag>{t.required} ✕</Tag>}
                              </Space>
                              <Space>
                                <Button
                                  size="small"
                                  type="link"
                                  onClick={() => setDialog({ chapterId: chapter.id, period })}
                                >
                                  {t.edit}
                                </Button>
                                <Popconfirm
                                  title={t.confirmDeletePeriod}
                                  okText={t.ok}
                                  cancelText={t.cancel}
                                  onConfirm={() =>
                                    run(() => request(deleteAdminPeriod, { courseId, periodId: period.id }))
                                  }
                                >
                                  <Button size="small" type="link" danger>
                                    {t.delete}
                                  </Button>
                                </Popconfirm>
                              </Space>
                            </Space>
                          )}
                        </SortableRow>
                      ))}
                    </SortableContext>
                  </DndContext>
                </Card>
              )}
            </SortableRow>
          ))}
        </SortableContext>
      </DndContext>
      {chapterTitle && (
        <Modal
          open
          title={chapterTitle.chapterId ? t.rename : t.addChapter}
          okText={t.save}
          cancelText={t.cancel}
          onOk={saveChapterTitle}
          onCancel={() => setChapterTitle(null)}
        >
          <Input
            autoFocus
            aria-label={t.chapterTitle}
            placeholder={t.chapterTitle}
            maxLength={COURSE_TITLE_MAX}
            value={chapterTitle.title}
            onChange={(e) => setChapterTitle({ ...chapterTitle, title: e.target.value })}
            onPressEnter={saveChapterTitle}
          />
        </Modal>
      )}
      {dialog && (
        <PeriodDialog
          courseId={courseId}
          chapterId={dialog.chapterId}
          period={dialog.period}
          onClose={(saved) => {
            setDialog(null);
            if (saved) {
              void message.success(t.saved);
              void revalidate();
            }
          }}
        />
      )}
    </>
  );
}
