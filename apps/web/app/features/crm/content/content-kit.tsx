import { App, Button, Form, Input, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { CallDef, CallRequest, CallResponse } from '@portal/contract/call';
import { request } from '../../../lib/api.ts';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';

/** An antd rule that runs the contract's zod rule (the server checks the same one). */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value: unknown) => {
    const r = schema.safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/**
 * A write from a content page: the call, the success toast, and the page's loader run again so
 * the table shows the change. Resolves once the server has answered, not after the reload: a
 * dialog closes at once (it stayed open, looking unsaved, while a busy server reloaded the list).
 * Failures are toasted by the request layer; resolves undefined then.
 */
export function useWrite() {
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  return async <C extends CallDef>(
    call: C,
    input: CallRequest<C>,
    done: string,
  ): Promise<CallResponse<C> | undefined> => {
    try {
      const result = (await request(call, input as never)) as CallResponse<C>;
      void message.success(done);
      void revalidator.revalidate();
      return result;
    } catch {
      return undefined;
    }
  };
}

export interface FilterField {
  name: string;
  label: string;
  /** A select's options; a text box without. */
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
}

/** A table's filter bar: each filter a URL parameter; searching starts again at page 1. */
export function FilterBar({
  table,
  fields,
  texts,
  extra,
}: {
  table: TableQueryOptions;
  fields: FilterField[];
  texts: { search: string; reset: string };
  extra?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, table);
  const apply = (v: Record<string, string | undefined>) => {
    const filters: Record<string, string> = {};
    for (const f of fields) {
      const value = v[f.name]?.toString().trim();
      if (value) filters[f.name] = value;
    }
    setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, table));
  };
  return (
    // A name of its own: antd gives each control the id <form name>_<field>, so a filter and an
    // editor's field of the same name (categoryId, title) never share an id (a label finds its input).
    <Form
      name="filter"
      layout="inline"
      key={params.toString()}
      initialValues={state.filters}
      onFinish={apply}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {f.options ? (
            <Select allowClear style={{ width: 160 }} options={f.options} placeholder={f.placeholder} />
          ) : (
            // No clear icon: its 12px target fails WCAG 2.2 target-size; 重置 clears the filters.
            <Input style={{ width: 180 }} placeholder={f.placeholder} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {texts.search}
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>{texts.reset}</Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}

/** An empty page while a loader's input was refused (the error shows beside the filters). */
export const emptyPage = <T,>(pageSize: number) => ({ pageCurrent: 1, pageSize, totalCount: 0, list: [] as T[] });
