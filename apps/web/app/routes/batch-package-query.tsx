import { AntdRoot } from '../features/antd/antd-root.tsx';
import { BatchPackageQuery } from '../features/order/batch-package-query.tsx';

/** /batchPackage/query: a batch package by its number; buying and joining it (decision 058). */
export default function BatchPackageQueryPage() {
  return (
    <AntdRoot>
      <BatchPackageQuery />
    </AntdRoot>
  );
}
