import { AntdRoot } from '../features/antd/antd-root.tsx';
import { TalentRecordPage } from '../features/talent/talent-record.tsx';
import { loadTalentRecord } from '../features/talent/talent.server.ts';
import type { Route } from './+types/file-register';

/** /account/fileRegister: the signed-in person's talent-pool record (features/talent/talent-record.tsx). */
export const loader = (args: Route.LoaderArgs) => loadTalentRecord(args);

export default function FileRegisterPage({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <AntdRoot>
      <TalentRecordPage initial={loaded.record} />
    </AntdRoot>
  );
}
