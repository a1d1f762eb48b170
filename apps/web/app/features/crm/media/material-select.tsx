import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { findMaterials, type Material } from '@portal/contract/calls/media';
import { useMessages } from '../../../lib/i18n.ts';
import { useCall } from '../../../lib/use-call.ts';
import { mediaMessages } from './messages.ts';

/** How long typing pauses before the library is searched on the server. */
const SEARCH_PAUSE_MS = 300;
const OPTIONS = 20;

export interface MaterialSelectProps {
  /** The chosen material's id. */
  value?: number;
  onChange?: (id?: number) => void;
  /** 1 videos, 2 documents. */
  kind: 1 | 2;
  /** Form.Item passes its id for the label. */
  id?: string;
  disabled?: boolean;
}

/** A video's option text: its title, and why it cannot play yet (transcoding, failed). */
function labelOf(m: Material, t: Record<'stateQueued' | 'stateRunning' | 'stateFailed', string>): string {
  if (m.transcodeState === 'queued') return `${m.title}（${t.stateQueued}）`;
  if (m.transcodeState === 'running') return `${m.title}（${t.stateRunning} ${m.transcodeProgress}%）`;
  if (m.transcodeState === 'failed') return `${m.title}（${t.stateFailed}）`;
  return m.title;
}

/**
 * Chooses a material of the enterprise's media library (a course period's video or document):
 * the newest of the kind, and those whose title or file name matches what is typed, searched on
 * the server (findMaterials) after a pause. The chosen material is loaded by id so its title shows
 * even when it is not among the options.
 */
export function MaterialSelect({ value, onChange, kind, id, disabled }: MaterialSelectProps) {
  const t = useMessages(mediaMessages);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useCall(
    findMaterials,
    { kind, pageCurrent: 1, pageSize: OPTIONS, ...(search ? { search } : {}) },
    { quiet: true },
  );
  const chosen = useCall(findMaterials, value ? { kind, id: value, pageCurrent: 1, pageSize: 1 } : null, {
    quiet: true,
  });
  const list = found.data?.list ?? [];
  const current = chosen.data?.list[0];
  const options = [...(current && !list.some((m) => m.id === current.id) ? [current] : []), ...list].map((m) => ({
    value: m.id,
    label: labelOf(m, t),
  }));
  return (
    <Select<number>
      id={id}
      value={value}
      disabled={disabled}
      placeholder={kind === 1 ? t.chooseVideo : t.chooseDocument}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.loading}
      notFoundContent={found.loading ? undefined : t.noMaterials}
      options={options}
      onChange={(v) => {
        setTyped('');
        onChange?.(v ?? undefined);
      }}
    />
  );
}
