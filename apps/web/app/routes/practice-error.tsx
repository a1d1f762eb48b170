import { data } from 'react-router';
import { PRACTICE_PAGE_SIZE, findErrorBook } from '@portal/contract/calls/practice';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ErrorBookPage } from '../features/practice/error-book.tsx';
import { positiveId } from '../features/practice/practice-paths.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import type { Route } from './+types/practice-error';

/** /account/practice/error?type=&page=: the learner's error book, rendered on the server (again when the address changes). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = await siteOf(request, context);
  if (!site) throw data({ message: '该页面不存在' }, { status: 404 });
  const type = positiveId(url.searchParams.get('type'));
  const res = await callGateway(request, context, site, findErrorBook, {
    pageCurrent: positiveId(url.searchParams.get('page')) ?? 1,
    pageSize: PRACTICE_PAGE_SIZE,
    ...(type && type <= 7 ? { questionType: type } : {}),
  });
  if (res.code !== 200) throw data({ message: res.message }, { status: 503 });
  return { book: res.data };
}

export default function PracticeError({ loaderData }: Route.ComponentProps) {
  const { book } = loaderData;
  return (
    <AntdRoot>
      <ErrorBookPage book={book} />
    </AntdRoot>
  );
}
