import { useState } from 'react';
import { Form, Select, type FormInstance } from 'antd';
import { findPositions } from '@portal/contract/calls/registration';
import {
  CASCADE_LABELS,
  CASCADE_LEVELS,
  hasRanks,
  jobCategoryLabel,
  labelInSentence,
} from '@portal/contract/registration';
import type { CallResponse } from '@portal/contract';
import { request } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { accountMessages } from './messages.ts';

type Position = CallResponse<typeof findPositions>[number];

/**
 * personalCategory → jobCategory → administrativeDuty → rank (account-area.md section 4): each
 * choice loads the next level by its pathNo; a change resets and hides the lower levels; a level
 * shows only when its list is not empty; job types carry the category's label, ranks exist only
 * for civil servants and those managed like them.
 */
export function PositionCascade({ form, label, required }: { form: FormInstance; label: string; required: boolean }) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  // What the form shows: the lists of the levels open now, and the chosen category's type.
  const [chosen, setChosen] = useState<{ levels: Position[][]; categoryType: number } | null>(null);

  // A level whose list cannot be loaded is not shown (the request layer said why).
  const load = async (level: number, pathNo: string, signal?: AbortSignal) => {
    try {
      return await request(findPositions, { level, pathNo }, { signal });
    } catch (err) {
      if (signal?.aborted) throw err;
      return [] as Position[];
    }
  };

  // Level 1, then the levels of values already chosen (editing a profile).
  const initial = useLoad(
    async (signal) => {
      const chain: Position[][] = [await load(1, '', signal)];
      let type = 0;
      for (let index = 0; index < 3; index++) {
        const value = form.getFieldValue(['userDetail', CASCADE_LEVELS[index] ?? '']) as string | undefined;
        if (!value) break;
        if (index === 0) type = chain[0]?.find((p) => p.pathNo === value)?.categoryType ?? 0;
        const next = index + 1;
        if ((next === 1 && !jobCategoryLabel(type, lang)) || (next === 3 && !hasRanks(type))) break;
        chain.push(await load(next + 1, value, signal));
      }
      return { levels: chain, categoryType: type };
    },
    [lang],
  ).data;
  const { levels, categoryType } = chosen ?? initial ?? { levels: [], categoryType: 0 };
  const setLevels = (next: Position[][], type = categoryType) => setChosen({ levels: next, categoryType: type });

  const choose = async (index: number, pathNo: string | undefined) => {
    const lower = CASCADE_LEVELS.slice(index + 1).map((f) => ['userDetail', f]);
    form.setFields(lower.map((name) => ({ name, value: undefined, errors: [] })));
    const kept = levels.slice(0, index + 1);
    let type = categoryType;
    if (index === 0) {
      type = levels[0]?.find((p) => p.pathNo === pathNo)?.categoryType ?? 0;
      setLevels(levels, type);
    }
    const next = index + 1;
    const exists =
      pathNo !== undefined &&
      next < 4 &&
      !(next === 1 && !jobCategoryLabel(type, lang)) &&
      !(next === 3 && !hasRanks(type));
    setLevels(exists ? [...kept, await load(next + 1, pathNo)] : kept, type);
  };

  const labelOf = (index: number) =>
    index === 0
      ? label
      : index === 1
        ? jobCategoryLabel(categoryType, lang)
        : CASCADE_LABELS[CASCADE_LEVELS[index] as 'administrativeDuty' | 'rank'][lang];

  return (
    <>
      {levels.map((options, index) =>
        options.length === 0 ? null : (
          <Form.Item
            key={CASCADE_LEVELS[index]}
            name={['userDetail', CASCADE_LEVELS[index] ?? '']}
            label={labelOf(index)}
            rules={
              required
                ? [{ required: true, message: format(t.pleaseChoose, { label: labelInSentence(labelOf(index)) }) }]
                : []
            }
          >
            <Select
              allowClear={!required}
              placeholder={format(t.pleaseChoose, { label: labelInSentence(labelOf(index)) })}
              options={options.map((p) => ({ value: p.pathNo, label: lang === 'en' && p.nameEn ? p.nameEn : p.name }))}
              onChange={(v: string | undefined) => void choose(index, v)}
            />
          </Form.Item>
        ),
      )}
    </>
  );
}
