import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { findMaterials, type Material } from '@portal/contract/calls/media';
import { format, useMessages } from '../../../lib/i18n.ts';
import { useCall } from '../../../lib/use-call.ts';
import { liveMessages } from './live-messages.ts';

/** How long typing pauses before the library is searched on the server. */
const SEARCH_PAUSE_MS = 300;
const OPTIONS = 20;

export interface LiveVideoSelectProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** Form.Item passes its id for the label. */
  id?: string;
  placeholder?: string;
}

/**
 * Only a video that plays can be a channel or a recording (the gateway refuses others with 9706):
 * transcoded, with its length known (none while the provider has not processed it).
 */
export const playable = (m: Material) => m.kind === 1 && m.transcodeState === 'ready' && m.durationSeconds !== null;

/**
 * Chooses a video of the media library for a live room (its channel or its recording): the newest
 * videos and those whose title matches what is typed, searched on the server after a pause; a
 * video still transcoding (or failed) is shown but cannot be chosen. Each with its length, the
 * chosen one loaded by id so its title shows even when it is not among the options.
 */
export function LiveVideoSelect({ value, onChange, id, placeholder }: LiveVideoSelectProps) {
  const t = useMessages(liveMessages);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useCall(
    findMaterials,
    { kind: 1, pageCurrent: 1, pageSize: OPTIONS, ...(search ? { search } : {}) },
    { quiet: true },
  );
  const chosen = useCall(findMaterials, value ? { kind: 1, id: value, pageCurrent: 1, pageSize: 1 } : null, {
    quiet: true,
  });
  const list = found.data?.list ?? [];
  const current = chosen.data?.list[0];
  const labelOf = (m: Material) =>
    playable(m)
      ? format(t.videoOption, { title: m.title, m: Math.max(1, Math.round((m.durationSeconds ?? 0) / 60)) })
      : format(t.videoNotReady, { title: m.title });
  const options = [...(current && !list.some((m) => m.id === current.id) ? [current] : []), ...list].map((m) => ({
    value: m.id,
    label: labelOf(m),
    disabled: !playable(m) && m.id !== value,
  }));
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      placeholder={placeholder ?? t.chooseVideo}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.loading}
      notFoundContent={found.loading ? undefined : t.noVideos}
      options={options}
      onChange={(v) => {
        setTyped('');
        onChange?.(v ?? null);
      }}
    />
  );
}
