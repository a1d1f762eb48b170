import { Alert, App, Button, Checkbox, Input, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  importQuestions,
  previewQuestionImport,
  viewQuestionImportTemplate,
  type AdminQuestionBank,
  type QuestionImport,
  type QuestionImportRow,
} from '@portal/contract/calls/question-bank';
import { enumerations } from '@portal/contract/enums';
import { FilePicker } from '../file-picker.tsx';
import { request, upload } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { questionMessages } from './question-messages.ts';

type Preview = QuestionImport & { rows: QuestionImportRow[] };

/**
 * Importing questions into a bank (decision 046): an XLSX of the template or text pasted from
 * Word is read by the server into a preview that marks every bad row with its reasons; only then
 * does "import" add the good rows, once.
 */
export function QuestionImportDialog({
  bank,
  open,
  onClose,
  onImported,
}: {
  bank: AdminQuestionBank;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const t = useMessages(questionMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const [source, setSource] = useState<'file' | 'text'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);

  const reset = () => {
    setPreview(null);
    setOnlyProblems(false);
  };
  const close = () => {
    reset();
    setFile(null);
    setText('');
    onClose();
  };
  const downloadTemplate = async () => {
    const { url } = await request(viewQuestionImportTemplate, {});
    window.location.assign(url);
  };
  const read = async () => {
    const blob = source === 'file' ? file : new Blob([text], { type: 'text/plain;charset=utf-8' });
    if (!blob) return;
    setBusy(true);
    try {
      const seen = await upload(previewQuestionImport, blob, {
        field: 'file',
        filename: source === 'file' && file ? file.name : lang === 'zh' ? '粘贴的文本.txt' : 'pasted-text.txt',
        query: { bankId: String(bank.id) },
      });
      setPreview(seen);
      setOnlyProblems(seen.badRows > 0 && seen.badRows < seen.totalRows);
    } catch {
      // The request layer showed why.
    } finally {
      setBusy(false);
    }
  };
  const commit = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const done = await request(importQuestions, { id: preview.id });
      void message.success(
        done.skippedCount > 0
          ? format(t.importedSkipped, { n: done.createdCount, skipped: done.skippedCount })
          : format(t.imported, { n: done.createdCount }),
      );
      close();
      onImported();
    } catch {
      // The request layer showed why.
    } finally {
      setBusy(false);
    }
  };

  const typeName = (v: number | null) => {
    const o = enumerations.questionType.find((x) => x.value === v);
    return o ? (lang === 'zh' ? o.label : o.labelEn) : '';
  };
  const columns: ColumnsType<QuestionImportRow> = [
    { key: 'row', title: t.row, dataIndex: 'row', width: 70 },
    { key: 'type', title: t.questionType, width: 110, render: (_, r) => typeName(r.questionType) },
    { key: 'stem', title: t.stem, dataIndex: 'stem', ellipsis: true },
    { key: 'answer', title: t.answer, dataIndex: 'answer', width: 140, ellipsis: true },
    {
      key: 'problems',
      title: t.problems,
      width: 280,
      render: (_, r) =>
        r.errors.length === 0 ? (
          <Tag color="success">{t.noProblem}</Tag>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 18, color: 'var(--ant-color-error-text, #a8071a)' }}>
            {r.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ),
    },
  ];
  const good = preview ? preview.totalRows - preview.badRows : 0;
  const shown = preview ? (onlyProblems ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows) : [];

  return (
    <Modal
      title={format(t.importTitle, { name: bank.title })}
      open={open}
      width={1000}
      onCancel={close}
      destroyOnHidden
      footer={
        preview ? (
          <Space>
            <Button onClick={reset}>{t.chooseAgain}</Button>
            <Button type="primary" disabled={good === 0} loading={busy} onClick={() => void commit()}>
              {format(t.importGood, { n: good })}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>{t.cancel}</Button>
            <Button
              type="primary"
              loading={busy}
              disabled={source === 'file' ? !file : text.trim() === ''}
              onClick={() => void read()}
            >
              {t.preview}
            </Button>
          </Space>
        )
      }
    >
      {preview ? (
        <>
          <Alert
            type={preview.badRows === 0 ? 'success' : good === 0 ? 'error' : 'warning'}
            showIcon
            message={format(t.previewSummary, { total: preview.totalRows, good, bad: preview.badRows })}
            description={good === 0 ? t.allBad : undefined}
            style={{ marginBottom: 12 }}
          />
          {preview.badRows > 0 && (
            <Checkbox
              checked={onlyProblems}
              onChange={(e) => setOnlyProblems(e.target.checked)}
              style={{ marginBottom: 12 }}
            >
              {t.onlyProblems}
            </Checkbox>
          )}
          <Table<QuestionImportRow>
            rowKey="row"
            size="small"
            columns={columns}
            dataSource={shown}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          />
        </>
      ) : (
        <Tabs
          activeKey={source}
          onChange={(k) => setSource(k as 'file' | 'text')}
          items={[
            {
              key: 'file',
              label: t.fromFile,
              children: (
                <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                  <Typography.Paragraph style={{ margin: 0 }}>{t.fileHint}</Typography.Paragraph>
                  <Button onClick={() => void downloadTemplate()}>{t.template}</Button>
                  <FilePicker accept=".xlsx,.txt" file={file} onChange={setFile} label={t.chooseFile} />
                </Space>
              ),
            },
            {
              key: 'text',
              label: t.fromText,
              children: (
                <Space orientation="vertical" size="small" style={{ width: '100%' }}>
                  <label htmlFor="question-import-text">{t.textHint}</label>
                  <pre
                    style={{
                      margin: 0,
                      padding: 8,
                      fontSize: 12,
                      background: 'var(--ant-color-fill-quaternary, #fafafa)',
                      whiteSpace: 'pre-wrap',
                    }}
                  >
                    {t.textExample}
                  </pre>
                  <Input.TextArea
                    id="question-import-text"
                    aria-label={t.text}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    autoSize={{ minRows: 8, maxRows: 18 }}
                  />
                </Space>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
