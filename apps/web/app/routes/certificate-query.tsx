import { AntdRoot } from '../features/antd/antd-root.tsx';
import { CertificateQuery } from '../features/certificate/certificate-query.tsx';

/** /certificate/query: the public certificate check, open to visitors on every site (decision 030). */
export default function CertificateQueryPage() {
  return (
    <AntdRoot>
      <CertificateQuery />
    </AntdRoot>
  );
}
