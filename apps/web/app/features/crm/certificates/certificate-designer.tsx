import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  CERTIFICATE_FIELDS,
  CERTIFICATE_FIELD_NAMES,
  CERTIFICATE_PICTURE_FIELDS,
  CERTIFICATE_TEMPLATE_BODY_MAX,
  CERTIFICATE_TEMPLATE_ISSUER_MAX,
  CERTIFICATE_TEMPLATE_SIGNATURE_MAX,
  CERTIFICATE_TEMPLATE_TITLE_MAX,
  DEFAULT_CERTIFICATE_LAYOUTS,
  FIELD_WIDTH_MIN,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  LAYOUT_SCALE,
  certificateTemplateFormFor,
  createCertificateTemplate,
  editCertificateTemplate,
  fieldHeight,
  pageSizeOf,
  previewCertificateTemplate,
  type AdminCertificateTemplate,
  type CertificateField,
  type CertificateFieldLayout,
  type CertificateLayout,
  type CertificateOrientation,
} from '@portal/contract/calls/certificate-admin';
import { request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { ImageField } from '../site/fields.tsx';
import { certificateTemplateMessages } from './certificate-template-messages.ts';

/** The portal's pdf.js viewer, loaded when a preview is first shown. */
const PdfViewer = lazy(() => import('../../player/pdf-viewer.tsx'));

type Values = {
  title: string;
  body: string;
  issuer: string;
  signature: string;
  sealUrl: string;
  backgroundUrl: string;
  validMonths: number | null;
};

/** The page drawn this many pixels wide (landscape) or high (portrait). */
const CANVAS_LONG_PX = 600;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * A certificate template's designer (decision 055): the texts and pictures on the left, the A4 page
 * on the right with the background and every shown field in its box, each dragged with the mouse
 * or moved with the arrow keys, and set by numbers too. The layout is checked by the calls' own
 * `certificateTemplateFormFor` before it is saved or previewed; the preview is the PDF the server
 * prints with sample data, by the code that prints real certificates.
 */
export function CertificateDesigner({ template }: { template: AdminCertificateTemplate | null }) {
  const t = useMessages(certificateTemplateMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [orientation, setOrientation] = useState<CertificateOrientation>(template?.orientation ?? 'landscape');
  const [layout, setLayout] = useState<CertificateLayout>(
    () => structuredClone(template?.layout ?? DEFAULT_CERTIFICATE_LAYOUTS.landscape) as CertificateLayout,
  );
  const [selected, setSelected] = useState<CertificateField>('heading');
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [pdf, setPdf] = useState<{ url: string; bytes: Uint8Array; name: string } | null>(null);
  const pdfUrl = pdf?.url ?? null;
  const drag = useRef<{ field: CertificateField; px: number; py: number; x: number; y: number } | null>(null);
  useEffect(() => () => (pdfUrl ? URL.revokeObjectURL(pdfUrl) : undefined), [pdfUrl]);

  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const page = pageSizeOf(orientation);
  const canvasW = orientation === 'landscape' ? CANVAS_LONG_PX : (CANVAS_LONG_PX * page.width) / page.height;
  const canvasH = (canvasW * page.height) / page.width;
  const pt = canvasW / page.width; // pixels a point

  const initial: Values = {
    title: template?.title ?? '',
    body: template?.body ?? '',
    issuer: template?.issuer ?? '',
    signature: template?.signature ?? '',
    sealUrl: template?.sealUrl ?? '',
    backgroundUrl: template?.backgroundUrl ?? '',
    validMonths: template?.validMonths ?? null,
  };

  const setField = (field: CertificateField, change: Partial<CertificateFieldLayout>) =>
    setLayout((l) => ({ ...l, [field]: { ...l[field], ...change } }));

  /** Moves a field to (x, y) per mille, kept within the page. */
  const moveTo = (field: CertificateField, x: number, y: number) => {
    const l = layout[field];
    const h = fieldHeight(field, l, orientation);
    setField(field, {
      x: Math.round(clamp(x, 0, LAYOUT_SCALE - l.width)),
      y: Math.round(clamp(y, 0, Math.max(0, LAYOUT_SCALE - h))),
    });
  };

  const onPointerDown = (field: CertificateField) => (e: PointerEvent<HTMLDivElement>) => {
    setSelected(field);
    drag.current = { field, px: e.clientX, py: e.clientY, x: layout[field].x, y: layout[field].y };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    moveTo(
      d.field,
      d.x + ((e.clientX - d.px) / canvasW) * LAYOUT_SCALE,
      d.y + ((e.clientY - d.py) / canvasH) * LAYOUT_SCALE,
    );
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (field: CertificateField) => (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 1 : 10;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    moveTo(field, layout[field].x + d[0], layout[field].y + d[1]);
  };

  /** The form as the calls take it, checked by their schema; null (and the problems shown) when wrong. */
  const build = (v: Partial<Values>) => {
    const input = {
      title: v.title ?? '',
      body: v.body ?? '',
      issuer: v.issuer ?? '',
      signature: v.signature ?? '',
      sealUrl: v.sealUrl ?? '',
      backgroundUrl: v.backgroundUrl ?? '',
      validMonths: v.validMonths ?? null,
      orientation,
      layout,
    };
    const checked = certificateTemplateFormFor(lang).safeParse(input);
    if (checked.success) {
      setProblems([]);
      return checked.data;
    }
    const fields = new Map<string, string>();
    const layoutProblems: string[] = [];
    for (const issue of checked.error.issues) {
      if (issue.path[0] === 'layout') {
        const field = issue.path[1] as CertificateField;
        layoutProblems.push(`${CERTIFICATE_FIELD_NAMES[field]?.[lang] ?? ''} ${issue.message}`.trim());
      } else {
        const name = String(issue.path[0] ?? 'title');
        if (!fields.has(name)) fields.set(name, issue.message);
      }
    }
    form.setFields([...fields].map(([name, error]) => ({ name: name as keyof Values, errors: [error] })));
    setProblems(layoutProblems);
    return null;
  };

  const save = async (v: Values) => {
    const input = build(v);
    if (!input) return;
    setSaving(true);
    try {
      if (template) {
        await request(editCertificateTemplate, { ...input, id: template.id });
        void message.success(t.saved);
        void revalidator.revalidate();
      } else {
        const made = await request(createCertificateTemplate, input);
        void message.success(t.saved);
        void navigate(localePath(`/crm/certificate-templates/${made.id}`, lang));
      }
    } catch {
      // The request layer showed why (7705 a background it cannot use…).
    } finally {
      setSaving(false);
    }
  };

  const preview = async () => {
    const input = build(form.getFieldsValue(true) as Values);
    if (!input) return;
    setPreviewing(true);
    try {
      const made = await request(previewCertificateTemplate, template ? { ...input, id: template.id } : input);
      const bytes = Uint8Array.from(atob(made.pdf), (c) => c.charCodeAt(0));
      setPdf({ url: URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })), bytes, name: made.fileName });
    } catch {
      // The request layer showed why.
    } finally {
      setPreviewing(false);
    }
  };

  const changeOrientation = (o: CertificateOrientation) => {
    setOrientation(o);
    // The other page's own default places: a landscape layout rarely fits a portrait page.
    setLayout(structuredClone(DEFAULT_CERTIFICATE_LAYOUTS[o]) as CertificateLayout);
  };

  // What the page shows in each box (the PDF prints the certificate's real values).
  const today = new Date();
  const dateText =
    lang === 'zh'
      ? `${today.getFullYear()}年${today.getMonth() + 1}月${today.getDate()}日`
      : today.toISOString().slice(0, 10);
  const heading = values?.title || t.title;
  const issuer = values?.issuer || t.issuer;
  const body = (values?.body || t.body).replace(/\{(\w+)\}/g, (whole, key: string) =>
    key === 'name'
      ? t.sampleName
      : key === 'title'
        ? t.sampleTitle
        : key === 'date'
          ? dateText
          : key === 'number'
            ? 'ZS0000202600000000'
            : key === 'score'
              ? '95'
              : whole,
  );
  const textOf: Record<CertificateField, string[]> = {
    heading: [heading],
    name: [t.sampleName],
    title: [t.sampleTitle],
    body: [body],
    number: [`${t.numberLabel}ZS0000202600000000`, `${t.checkCodeLabel}SAMPLE00`],
    date: [`${t.dateLabel}${dateText}`, `${t.validLabel}${values?.validMonths ? '…' : '—'}`],
    issuer: [`${t.issuerLabel}${issuer}`, dateText],
    signature: [`${t.signatureLabel}${values?.signature ?? ''}`],
    seal: [],
    qr: [t.scan],
  };

  const boxStyle = (field: CertificateField, l: CertificateFieldLayout): CSSProperties => ({
    position: 'absolute',
    left: `${l.x / 10}%`,
    top: `${l.y / 10}%`,
    width: `${l.width / 10}%`,
    ...(CERTIFICATE_PICTURE_FIELDS.has(field) ? { height: `${fieldHeight(field, l, orientation) / 10}%` } : {}),
    color: l.color,
    fontSize: l.fontSize * pt,
    lineHeight:
      field === 'body' ? 2.15 : field === 'issuer' ? 1.86 : field === 'number' || field === 'date' ? 1.6 : 1.4,
    textAlign: l.align,
    fontWeight: field === 'heading' || field === 'name' ? 700 : 400,
    letterSpacing: field === 'heading' ? l.fontSize * 0.21 * pt : undefined,
    textIndent: field === 'body' && l.align === 'left' ? `${2 * l.fontSize * pt}px` : undefined,
    userSelect: 'none',
    outline: selected === field ? '2px dashed #1677ff' : '1px dashed rgba(22,119,255,0.35)',
    outlineOffset: 1,
    whiteSpace: field === 'body' ? 'pre-wrap' : 'nowrap',
    overflow: 'visible',
  });

  const picture = (field: CertificateField) =>
    field === 'seal' ? (
      values?.sealUrl ? (
        <img src={values.sealUrl} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      ) : (
        <div
          style={{
            width: '100%',
            height: '100%',
            borderRadius: '50%',
            border: `2px solid ${layout.seal.color}`,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 10,
          }}
        >
          ★
        </div>
      )
    ) : (
      <>
        <div
          style={{
            width: '100%',
            height: '100%',
            background: 'repeating-conic-gradient(#222 0 25%, #fff 0 50%) 0 0 / 20% 20%',
          }}
        />
        <span style={{ position: 'absolute', left: '100%', bottom: 0, marginLeft: 10 * pt }}>{t.scan}</span>
      </>
    );

  const l = layout[selected];
  const fieldName = (f: CertificateField) => CERTIFICATE_FIELD_NAMES[f][lang];
  const issued = template?.issued ?? 0;

  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{template ? template.title : t.add}</Typography.Title>
        <Link to={localePath('/crm/certificate-templates', lang)}>{t.back}</Link>
      </Space>
      {issued > 0 && (
        <Alert type="info" showIcon message={format(t.usedAlert, { n: issued })} style={{ marginBottom: 16 }} />
      )}
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 300px', maxWidth: 380 }}>
          <Form<Values>
            form={form}
            name="certificateTemplate"
            layout="vertical"
            initialValues={initial}
            onFinish={(v) => void save(v)}
          >
            <Form.Item name="title" label={t.title} required>
              <Input maxLength={CERTIFICATE_TEMPLATE_TITLE_MAX} />
            </Form.Item>
            <Form.Item name="body" label={t.body} required extra={t.bodyHint}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={CERTIFICATE_TEMPLATE_BODY_MAX} />
            </Form.Item>
            <Form.Item name="issuer" label={t.issuer} required>
              <Input maxLength={CERTIFICATE_TEMPLATE_ISSUER_MAX} />
            </Form.Item>
            <Form.Item name="signature" label={t.signature}>
              <Input maxLength={CERTIFICATE_TEMPLATE_SIGNATURE_MAX} />
            </Form.Item>
            <Form.Item name="validMonths" label={t.validMonths} extra={t.validHint}>
              <InputNumber min={1} max={600} precision={0} />
            </Form.Item>
            <Form.Item label={t.orientation}>
              <Radio.Group
                value={orientation}
                onChange={(e) => changeOrientation(e.target.value as CertificateOrientation)}
                options={[
                  { value: 'landscape', label: t.landscape },
                  { value: 'portrait', label: t.portrait },
                ]}
              />
            </Form.Item>
            <Form.Item name="backgroundUrl" label={t.background} extra={t.backgroundHint}>
              <ImageField />
            </Form.Item>
            <Form.Item name="sealUrl" label={t.seal} extra={t.sealHint}>
              <ImageField />
            </Form.Item>
          </Form>

          <fieldset style={{ border: 0, padding: 0, margin: '8px 0 16px' }}>
            <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 4 }}>{t.fields}</legend>
            <Typography.Paragraph type="secondary">{t.fieldsHint}</Typography.Paragraph>
            <Form layout="vertical" component="div">
              <Form.Item label={t.field} htmlFor="cert-field">
                <Select
                  id="cert-field"
                  value={selected}
                  onChange={(f) => setSelected(f)}
                  options={CERTIFICATE_FIELDS.map((f) => ({ value: f, label: fieldName(f) }))}
                />
              </Form.Item>
              <Checkbox checked={l.shown} onChange={(e) => setField(selected, { shown: e.target.checked })}>
                {t.shown}
              </Checkbox>
              <Space wrap style={{ marginTop: 12 }}>
                <Form.Item label={t.x} htmlFor="cert-x">
                  <InputNumber
                    id="cert-x"
                    min={0}
                    max={LAYOUT_SCALE}
                    precision={0}
                    value={l.x}
                    onChange={(v) => setField(selected, { x: v ?? 0 })}
                  />
                </Form.Item>
                <Form.Item label={t.y} htmlFor="cert-y">
                  <InputNumber
                    id="cert-y"
                    min={0}
                    max={LAYOUT_SCALE}
                    precision={0}
                    value={l.y}
                    onChange={(v) => setField(selected, { y: v ?? 0 })}
                  />
                </Form.Item>
                <Form.Item label={t.width} htmlFor="cert-width">
                  <InputNumber
                    id="cert-width"
                    min={FIELD_WIDTH_MIN}
                    max={LAYOUT_SCALE}
                    precision={0}
                    value={l.width}
                    onChange={(v) => setField(selected, { width: v ?? FIELD_WIDTH_MIN })}
                  />
                </Form.Item>
                <Form.Item label={t.fontSize} htmlFor="cert-font-size">
                  <InputNumber
                    id="cert-font-size"
                    min={FONT_SIZE_MIN}
                    max={FONT_SIZE_MAX}
                    precision={0}
                    value={l.fontSize}
                    onChange={(v) => setField(selected, { fontSize: v ?? FONT_SIZE_MIN })}
                  />
                </Form.Item>
                <Form.Item label={t.color} htmlFor="cert-color">
                  <Input
                    id="cert-color"
                    type="color"
                    value={l.color}
                    onChange={(e) => setField(selected, { color: e.target.value })}
                    style={{ width: 64, padding: 2 }}
                  />
                </Form.Item>
                <Form.Item label={t.align} htmlFor="cert-align">
                  <Select
                    id="cert-align"
                    style={{ width: 110 }}
                    value={l.align}
                    onChange={(a) => setField(selected, { align: a })}
                    options={[
                      { value: 'left', label: t.left },
                      { value: 'center', label: t.center },
                      { value: 'right', label: t.right },
                    ]}
                  />
                </Form.Item>
              </Space>
              <Button onClick={() => setLayout(structuredClone(DEFAULT_CERTIFICATE_LAYOUTS[orientation]))}>
                {t.resetLayout}
              </Button>
            </Form>
          </fieldset>
          {problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              message={t.layoutProblems}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              }
              style={{ marginBottom: 16 }}
            />
          )}
          <Space>
            <Button type="primary" loading={saving} onClick={() => form.submit()}>
              {t.save}
            </Button>
            <Button loading={previewing} onClick={() => void preview()}>
              {t.previewPdf}
            </Button>
          </Space>
        </div>

        <div
          role="group"
          aria-label={t.canvas}
          data-canvas
          style={{
            position: 'relative',
            width: canvasW,
            height: canvasH,
            flex: 'none',
            boxShadow: '0 2px 12px rgba(0,0,0,0.15)',
            background: values?.backgroundUrl
              ? `#fff url("${values.backgroundUrl}") center / 100% 100% no-repeat`
              : '#fff',
            fontFamily: '"Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
          }}
        >
          {!values?.backgroundUrl && (
            <>
              <div style={{ position: 'absolute', inset: 24 * pt - 3 * pt, border: `${6 * pt}px solid #b8860b` }} />
              <div
                style={{ position: 'absolute', inset: 38 * pt, border: `${Math.max(1, 1.2 * pt)}px solid #b8860b` }}
              />
            </>
          )}
          {CERTIFICATE_FIELDS.filter((f) => layout[f].shown).map((f) => (
            <div key={f} data-field={f} style={boxStyle(f, layout[f])}>
              {/* The sample text is a picture of the field; the button over it is the field. */}
              <div aria-hidden="true" style={{ width: '100%', height: '100%' }}>
                {CERTIFICATE_PICTURE_FIELDS.has(f) ? (
                  picture(f)
                ) : f === 'signature' ? (
                  <span style={{ borderBottom: `1px solid ${layout[f].color}`, paddingRight: 40 }}>{textOf[f][0]}</span>
                ) : (
                  textOf[f].map((line, i) => <div key={i}>{line}</div>)
                )}
              </div>
              <div
                role="button"
                tabIndex={0}
                aria-label={format(t.moveField, { name: fieldName(f) })}
                aria-pressed={selected === f}
                style={{
                  position: 'absolute',
                  left: 0,
                  top: 0,
                  width: '100%',
                  height: 'max(100%, 24px)',
                  cursor: 'move',
                  touchAction: 'none',
                }}
                onPointerDown={onPointerDown(f)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onFocus={() => setSelected(f)}
                onKeyDown={onKeyDown(f)}
              />
            </div>
          ))}
        </div>
      </div>

      <Modal
        open={pdfUrl !== null}
        title={t.previewTitle}
        width={920}
        onCancel={() => setPdf(null)}
        footer={[
          <a key="tab" href={pdfUrl ?? undefined} target="_blank" rel="noopener noreferrer" style={{ marginRight: 16 }}>
            {t.openInTab}
          </a>,
          <Button key="close" onClick={() => setPdf(null)}>
            {t.close}
          </Button>,
        ]}
      >
        {pdf && (
          // Shown by the portal's pdf.js viewer from the bytes (the page's CSP frames no blob: URL).
          <Suspense fallback={null}>
            <PdfViewer url={pdf.url} data={pdf.bytes} name={pdf.name} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
