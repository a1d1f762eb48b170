import { Button, Form, Input, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { useMessages } from '../../lib/i18n.ts';
import { crmMessages } from './messages.ts';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from './table-query.ts';

/**
 * A list's one filter, a keyword, kept in the URL with the table's paging (back to the first
 * page on a new search); reset clears it.
 */
export function KeywordSearch({ label, query }: { label: string; query: TableQueryOptions }) {
  const t = useMessages(crmMessages);
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, query);
  return (
    <Form
      layout="inline"
      key={params.toString()}
      initialValues={{ keyword: state.filters.keyword }}
      onFinish={(v: { keyword?: string }) =>
        setParams(
          writeTableQuery(
            { ...state, filters: v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}, pageCurrent: 1 },
            query,
          ),
        )
      }
      style={{ marginBottom: 16 }}
    >
      <Form.Item name="keyword" label={label}>
        <Input allowClear style={{ width: 200 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t.search}
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>{t.reset}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
