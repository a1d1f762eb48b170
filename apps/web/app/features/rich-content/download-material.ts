import { downloadDoc } from '@portal/contract/calls/study';
import type { ThemeOptions } from '@portal/contract';
import { request } from '../../lib/api.ts';
import { pick } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/navigation.ts';
import { showError, showSuccess } from '../antd/feedback.tsx';
import { previewMessages } from '../player/player-messages.ts';

/**
 * A file embedded in rich content, downloaded by its materialId (platform.md section 2; account-area.md
 * section 8 "Download": 下载成功 / 下载失败): the library's download call gives the URL and the file's
 * name, and the browser saves it. Loaded on the first such click.
 */
export async function downloadMaterial(
  materialId: string,
  lang: Lang,
  theme: Pick<ThemeOptions, 'themeColor'>,
): Promise<void> {
  const t = pick(previewMessages, lang);
  const id = Number(materialId);
  try {
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`not a material id: ${materialId}`);
    const env = await request(downloadDoc, { materialId: id, _No_dispose: true });
    // Whatever the reason (the material is gone, not a document), the learner sees 下载失败.
    if (env.code !== 200 || !env.data.url) throw new Error(`download refused: ${env.code} ${env.message}`);
    const link = document.createElement('a');
    link.href = env.data.url;
    link.download = env.data.fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    showSuccess(t.downloaded, theme, lang);
  } catch (err) {
    console.error(err);
    showError(t.downloadFailed, theme, lang);
  }
}
