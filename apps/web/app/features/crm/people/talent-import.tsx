import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import {
  importTalentRecords,
  previewTalentImport,
  viewTalentImportTemplate,
  type TalentImportOutcome,
  type TalentImportResult,
  type TalentImportRow,
} from '@portal/contract/calls/talent';
import { ErrorCode } from '@portal/contract/error-codes';
import { talentSectionTitles, type TalentSection } from '@portal/contract/talent';
import { ApiError, request, upload } from '../../../lib/api.ts';
import { defineMessages, format, useLang, useMessages } from '../../../lib/i18n.ts';
import { FilePicker } from '../file-picker.tsx';

export const talentImportMessages = defineMessages({
  zh: {
    open: '导入历史档案',
    title: '导入历史档案',
    hint: '按导入模板（或人才档案的导出文件）填写 XLSX：手机号须为本企业学员的手机号，每行六个部分中必填项齐全、内容正确的部分才会导入。学员已保存的部分不会被覆盖，只补充尚未保存的部分；新建档案的来源为“历史数据”。上传后先预览，确认后再导入。',
    template: '下载导入模板',
    chooseFile: '选择 XLSX 文件',
    cancel: '取消',
    preview: '预览',
    chooseAgain: '重新选择',
    importRows: '导入 {n} 行',
    done: '完成',
    summary: '共 {total} 行：新建 {create} 份档案，补充 {fill} 份，{unchanged} 行已保存无需导入，{refused} 行不能导入',
    imported: '导入完成：新建 {create} 份档案，补充 {fill} 份，共保存 {sections} 个部分',
    nothing: '没有可导入的行：请按每行的问题修改文件后重新选择。',
    onlyProblems: '只看有问题的行',
    row: '行号',
    person: '姓名 / 手机号',
    sections: '将导入的部分',
    savedSections: '已导入的部分',
    kept: '已保存，不覆盖：{sections}',
    outcome: '结果',
    problems: '问题',
    noProblem: '无',
    create: '新建档案',
    fill: '补充档案',
    unchanged: '无需导入',
    refused: '不能导入',
  },
  en: {
    open: 'Import history records',
    title: 'Import history records',
    hint: 'Fill in an XLSX from the import template (or an export of the talent records): the phone must be a member’s of this enterprise, and of each row’s six sections those whose required values are given and good are imported. A section the member has saved is never overwritten: only sections not saved yet are filled; a new record has the source Historical data. An upload is previewed first; import when you confirm.',
    template: 'Download the import template',
    chooseFile: 'Choose an XLSX file',
    cancel: 'Cancel',
    preview: 'Preview',
    chooseAgain: 'Choose again',
    importRows: 'Import {n} rows',
    done: 'Done',
    summary:
      '{total} rows: {create} new records, {fill} records filled in, {unchanged} rows already saved, {refused} rows cannot be imported',
    imported: 'Imported: {create} new records, {fill} records filled in, {sections} sections saved',
    nothing: 'No row can be imported: change the file by each row’s problems and choose it again.',
    onlyProblems: 'Only rows with problems',
    row: 'Row',
    person: 'Name / phone',
    sections: 'Sections to import',
    savedSections: 'Sections imported',
    kept: 'Saved already, kept: {sections}',
    outcome: 'Result',
    problems: 'Problems',
    noProblem: 'None',
    create: 'New record',
    fill: 'Filled in',
    unchanged: 'Nothing new',
    refused: 'Not imported',
  },
});

const OUTCOME_COLORS: Record<TalentImportOutcome, string> = {
  create: 'success',
  fill: 'processing',
  unchanged: 'default',
  refused: 'error',
};

/**
 * The history import of talent records (decision 062): the template, an XLSX previewed by the
 * server (each row's sections to import, those kept and its problems), then the same file
 * imported (the preview's digest) and what it saved.
 */
export function TalentImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const t = useMessages(talentImportMessages);
  const lang = useLang();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TalentImportResult | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);

  const reset = () => {
    setResult(null);
    setOnlyProblems(false);
  };
  const close = () => {
    reset();
    setFile(null);
    onClose();
  };
  const downloadTemplate = async () => {
    const { url } = await request(viewTalentImportTemplate, {});
    window.location.assign(url);
  };
  const send = async (importing: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = importing
        ? await upload(importTalentRecords, file, {
            field: 'file',
            filename: file.name,
            query: { digest: result?.digest ?? '' },
          })
        : await upload(previewTalentImport, file, { field: 'file', filename: file.name });
      setResult(answer);
      setOnlyProblems(!importing && answer.rows.some((r) => r.problems.length > 0) && importable(answer) > 0);
      if (importing) onImported();
    } catch (err) {
      // The request layer showed why; a file changed since its preview is previewed again.
      if (err instanceof ApiError && err.code === ErrorCode.TALENT_IMPORT_FILE_CHANGED) reset();
    } finally {
      setBusy(false);
    }
  };

  const titles = (sections: number[]) =>
    sections.map((s) => talentSectionTitles[s as TalentSection]?.[lang] ?? String(s));
  const columns: ColumnsType<TalentImportRow> = [
    { key: 'row', title: t.row, dataIndex: 'row', width: 64 },
    {
      key: 'person',
      title: t.person,
      width: 150,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.name || '—'}</span>
          <Typography.Text type="secondary">{r.phone || '—'}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'outcome',
      title: t.outcome,
      width: 100,
      render: (_, r) => <Tag color={OUTCOME_COLORS[r.outcome]}>{t[r.outcome]}</Tag>,
    },
    {
      key: 'sections',
      title: result?.imported ? t.savedSections : t.sections,
      width: 220,
      render: (_, r) => (
        <Space orientation="vertical" size={2}>
          {r.sections.length > 0 ? (
            <span>
              {titles(r.sections).map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </span>
          ) : (
            '—'
          )}
          {r.kept.length > 0 && (
            <Typography.Text type="secondary">
              {format(t.kept, { sections: titles(r.kept).join(lang === 'zh' ? '、' : ', ') })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'problems',
      title: t.problems,
      render: (_, r) =>
        r.problems.length === 0 ? (
          <Typography.Text type="secondary">{t.noProblem}</Typography.Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 18, color: 'var(--ant-color-error-text, #a8071a)' }}>
            {r.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ),
    },
  ];
  const shown = result ? (onlyProblems ? result.rows.filter((r) => r.problems.length > 0) : result.rows) : [];
  const good = result ? importable(result) : 0;

  const footer = !result ? (
    <Space>
      <Button onClick={close}>{t.cancel}</Button>
      <Button type="primary" loading={busy} disabled={!file} onClick={() => void send(false)}>
        {t.preview}
      </Button>
    </Space>
  ) : result.imported ? (
    <Button type="primary" onClick={close}>
      {t.done}
    </Button>
  ) : (
    <Space>
      <Button onClick={reset}>{t.chooseAgain}</Button>
      <Button type="primary" disabled={good === 0} loading={busy} onClick={() => void send(true)}>
        {format(t.importRows, { n: good })}
      </Button>
    </Space>
  );

  return (
    <Modal title={t.title} open={open} width={1000} onCancel={close} destroyOnHidden footer={footer}>
      {result ? (
        <>
          <Alert
            type={result.imported ? 'success' : good === 0 ? 'error' : result.refusedCount > 0 ? 'warning' : 'info'}
            showIcon
            title={
              result.imported
                ? format(t.imported, {
                    create: result.createCount,
                    fill: result.fillCount,
                    sections: result.sectionCount,
                  })
                : format(t.summary, {
                    total: result.totalRows,
                    create: result.createCount,
                    fill: result.fillCount,
                    unchanged: result.unchangedCount,
                    refused: result.refusedCount,
                  })
            }
            description={!result.imported && good === 0 ? t.nothing : undefined}
            style={{ marginBottom: 12 }}
          />
          {result.rows.some((r) => r.problems.length > 0) && (
            <Checkbox
              checked={onlyProblems}
              onChange={(e) => setOnlyProblems(e.target.checked)}
              style={{ marginBottom: 12 }}
            >
              {t.onlyProblems}
            </Checkbox>
          )}
          <Table<TalentImportRow>
            rowKey="row"
            size="small"
            columns={columns}
            dataSource={shown}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          />
        </>
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>{t.hint}</Typography.Paragraph>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
            {t.template}
          </Button>
          <FilePicker accept=".xlsx" file={file} onChange={setFile} label={t.chooseFile} />
        </Space>
      )}
    </Modal>
  );
}

/** Rows the import would save something of. */
const importable = (r: TalentImportResult) => r.createCount + r.fillCount;
