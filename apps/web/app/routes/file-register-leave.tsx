import { AntdRoot } from '../features/antd/antd-root.tsx';
import { TalentLeavePage } from '../features/talent/talent-leave.tsx';
import { loadTalentRecord } from '../features/talent/talent.server.ts';
import type { Route } from './+types/file-register-leave';

/** /account/fileRegister/leave: leaving the talent record, its saved and unsaved sections. */
export const loader = (args: Route.LoaderArgs) => loadTalentRecord(args);

export default function FileRegisterLeavePage({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <AntdRoot>
      <TalentLeavePage record={loaded.record} />
    </AntdRoot>
  );
}
